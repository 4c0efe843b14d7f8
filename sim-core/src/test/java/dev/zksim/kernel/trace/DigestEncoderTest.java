package dev.zksim.kernel.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.ensemble.ClientProgram;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The encoder writes a record's components through a method handle built per class; these
 * tests hold it to the format read the slow way, component by component through reflection,
 * on every kind of component and on every record a faulty three-server run traces.
 */
class DigestEncoderTest {

    record Message(String path, long zxid, List<String> children, byte[] data) implements TraceEvent {
    }

    record Other(String path, long zxid, List<String> children, byte[] data) implements TraceEvent {
    }

    record Pair(Object first, Object second) implements TraceEvent {
    }

    enum Kind { A, B }

    /** Every primitive kind, read without boxing, and a private record type. */
    private record Primitives(int i, short s, byte b, char c, long l, double d, float f, boolean flag)
            implements TraceEvent {
    }

    private static byte[] encode(Object value) {
        DigestEncoder encoder = new DigestEncoder();
        encoder.reset();
        encoder.writeHeader(12, "s1");
        encoder.writeValue(value);
        return Arrays.copyOf(encoder.buffer(), encoder.size());
    }

    private static Message message(String path, long zxid, List<String> children, byte[] data) {
        return new Message(path, zxid, children, data);
    }

    @Test
    void equalValuesEncodeAlikeAndEveryFieldCounts() {
        byte[] base = encode(message("/a", 5, List.of("x", "y"), new byte[] {1, 2}));
        assertThat(encode(message("/a", 5, new ArrayList<>(List.of("x", "y")), new byte[] {1, 2}))).isEqualTo(base);
        assertThat(encode(message("/b", 5, List.of("x", "y"), new byte[] {1, 2}))).isNotEqualTo(base);
        assertThat(encode(message("/a", 6, List.of("x", "y"), new byte[] {1, 2}))).isNotEqualTo(base);
        assertThat(encode(message("/a", 5, List.of("y", "x"), new byte[] {1, 2}))).isNotEqualTo(base);
        assertThat(encode(message("/a", 5, List.of("x", "y"), new byte[] {1, 3})))
                .as("payload bytes count, which a text rendering of an array never did").isNotEqualTo(base);
        assertThat(encode(message("/a", 5, List.of("x", "y"), null))).isNotEqualTo(base);
    }

    @Test
    void shapesThatWouldPrintAlikeStillEncodeApart() {
        assertThat(encode(new Other("/a", 5, List.of(), null))).isNotEqualTo(encode(message("/a", 5, List.of(), null)));
        assertThat(encode(new Pair("ab", "c"))).isNotEqualTo(encode(new Pair("a", "bc")));
        assertThat(encode(new Pair(1, null))).isNotEqualTo(encode(new Pair(1L, null)));
        assertThat(encode(new Pair(Kind.A, "x"))).isNotEqualTo(encode(new Pair(Kind.B, "x")));
        assertThat(encode(new Pair(Optional.empty(), "x"))).isNotEqualTo(encode(new Pair(null, "x")));
        assertThat(encode(new Pair(true, -1))).isNotEqualTo(encode(new Pair(false, -1)));
        assertThat(encode(new Pair("é", "\u2603"))).isNotEqualTo(encode(new Pair("e", "?")));
    }

    @Test
    void everyPrimitiveComponentCounts() {
        byte[] base = encode(new Primitives(1, (short) 2, (byte) 3, 'x', 5L, 0.5, 0.25f, true));
        assertThat(encode(new Primitives(1, (short) 2, (byte) 3, 'x', 5L, 0.5, 0.25f, true))).isEqualTo(base);
        assertThat(encode(new Primitives(-1, (short) 2, (byte) 3, 'x', 5L, 0.5, 0.25f, true))).isNotEqualTo(base);
        assertThat(encode(new Primitives(1, (short) 9, (byte) 3, 'x', 5L, 0.5, 0.25f, true))).isNotEqualTo(base);
        assertThat(encode(new Primitives(1, (short) 2, (byte) 9, 'x', 5L, 0.5, 0.25f, true))).isNotEqualTo(base);
        assertThat(encode(new Primitives(1, (short) 2, (byte) 3, 'y', 5L, 0.5, 0.25f, true))).isNotEqualTo(base);
        assertThat(encode(new Primitives(1, (short) 2, (byte) 3, 'x', Long.MIN_VALUE, 0.5, 0.25f, true))).isNotEqualTo(base);
        assertThat(encode(new Primitives(1, (short) 2, (byte) 3, 'x', 5L, 0.75, 0.25f, true))).isNotEqualTo(base);
        assertThat(encode(new Primitives(1, (short) 2, (byte) 3, 'x', 5L, 0.5, 0.5f, true))).isNotEqualTo(base);
        assertThat(encode(new Primitives(1, (short) 2, (byte) 3, 'x', 5L, 0.5, 0.25f, false))).isNotEqualTo(base);
    }

    @Test
    void theTraceDigestIsTheSameForTheSameEventsAndMovesWithAnyChange() {
        assertThat(digestOf(new byte[] {1})).isEqualTo(digestOf(new byte[] {1})).isNotEqualTo(digestOf(new byte[] {2}));
    }

    private static String digestOf(byte[] payload) {
        long[] clock = {0};
        Trace trace = new Trace(() -> clock[0]);
        for (int i = 0; i < 100; i++) {
            clock[0] += 7;
            trace.emit("c" + i % 3, message("/n" + i, i, List.of("a", "b"), payload));
        }
        return trace.digest();
    }

    @Test
    void classFingerprintsAreFixedValuesNotPerJvmHashes() {
        assertThat(DigestEncoder.fingerprint("")).isEqualTo(0xcbf29ce484222325L);
        assertThat(DigestEncoder.fingerprint("a")).isEqualTo(0xaf63dc4c8601ec8cL);
    }


    enum Colour { RED, GREEN }

    record Inner(String name, long number) {
    }

    record EveryKind(long l, int i, short s, byte b, char c, double d, float f, boolean yes, boolean no, String text,
                     String absent, Colour colour, Inner inner, Inner noInner, List<Object> list, Optional<String> maybe,
                     byte[] bytes, Object anything) {
    }

    private static byte[] encoded(Object value) {
        DigestEncoder encoder = new DigestEncoder();
        encoder.writeValue(value);
        return Arrays.copyOf(encoder.buffer(), encoder.size());
    }

    /** The format, read the slow way: a record's header, then each component with its declared type's writer. */
    private static byte[] reflectively(Object value) throws ReflectiveOperationException {
        DigestEncoder encoder = new DigestEncoder();
        writeReflectively(encoder, value);
        return Arrays.copyOf(encoder.buffer(), encoder.size());
    }

    private static void writeReflectively(DigestEncoder encoder, Object value) throws ReflectiveOperationException {
        if (!(value instanceof Record record)) {
            encoder.writeValue(value);
            return;
        }
        encoder.writeRecordHeader(DigestEncoder.fingerprint(record.getClass().getName()));
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            component.getAccessor().setAccessible(true);
            Object read = component.getAccessor().invoke(record);
            Class<?> type = component.getType();
            if (type == long.class || type == int.class || type == short.class || type == byte.class) {
                encoder.writeTaggedLong(type == long.class ? DigestEncoder.LONG : DigestEncoder.INT, ((Number) read).longValue());
            } else if (type == char.class) {
                encoder.writeTaggedLong(DigestEncoder.CHAR, (Character) read);
            } else if (type == double.class || type == float.class) {
                encoder.writeDoubleValue(((Number) read).doubleValue());
            } else if (type == boolean.class) {
                encoder.writeBooleanValue((Boolean) read);
            } else {
                writeReflectively(encoder, read);
            }
        }
    }

    @Test
    void everyKindOfComponentIsWrittenAsItsDeclaredTypeAsks() throws ReflectiveOperationException {
        EveryKind value = new EveryKind(-7L, 123456, (short) -3, (byte) 9, 'é', 2.5, 1.25f, true, false, "path/ä",
                null, Colour.GREEN, new Inner("n", 42), null, List.of(1L, "two", new Inner("x", 3)),
                Optional.of("here"), new byte[] {1, 2, 3}, new Inner("as object", 5));
        assertThat(encoded(value)).isEqualTo(reflectively(value));
        EveryKind other = new EveryKind(-7L, 123456, (short) -3, (byte) 9, 'é', 2.5, 1.25f, true, true, "path/ä",
                null, Colour.GREEN, new Inner("n", 42), null, List.of(1L, "two", new Inner("x", 3)),
                Optional.of("here"), new byte[] {1, 2, 3}, new Inner("as object", 5));
        assertThat(encoded(other)).isNotEqualTo(encoded(value));
    }

    record Chain(String name, Chain next) {
    }

    record Ping(long round, Pong answer) {
    }

    record Pong(Colour colour, Ping next) {
    }

    /** Records that hold themselves, directly or through another, still encode as the slow reading does. */
    @Test
    void recordsThatHoldThemselvesEncodeAsTheSlowReadingDoes() throws ReflectiveOperationException {
        Chain chain = new Chain("a", new Chain("b", new Chain("c", null)));
        assertThat(encoded(chain)).isEqualTo(reflectively(chain));
        Ping ping = new Ping(1, new Pong(Colour.RED, new Ping(2, new Pong(null, null))));
        assertThat(encoded(ping)).isEqualTo(reflectively(ping));
        assertThat(encoded(ping)).isNotEqualTo(encoded(new Ping(1, new Pong(Colour.GREEN, new Ping(2, null)))));
    }

    @Test
    void everyRecordOfAFaultyRunEncodesAsTheSlowReadingDoes() throws ReflectiveOperationException {
        List<TraceRecord> records = new ArrayList<>();
        Ensemble ensemble = Ensemble.start(new SeededChoices(11), EnsembleConfig.defaults(3), List.of(records::add));
        ensemble.addClient(new ClientProgram() {
            @Override
            public void started(ClientContext context, ZooKeeperClient zk) {
                zk.create("/q", new byte[] {7}, CreateMode.PERSISTENT);
                for (int i = 0; i < 5; i++) {
                    zk.create("/q/n-", null, CreateMode.EPHEMERAL_SEQUENTIAL);
                }
                zk.getChildren("/q", true);
                zk.setData("/q", new byte[] {8}, -1);
                zk.exists("/q/missing", true);
            }
        });
        ensemble.runFor(Time.seconds(5));
        ensemble.faults().crash(ensemble.leader().orElseThrow());
        ensemble.runFor(Time.seconds(10));
        Set<Class<?>> kinds = new LinkedHashSet<>();
        for (TraceRecord record : records) {
            kinds.add(record.event().getClass());
            assertThat(encoded(record.event())).as("%s", record.event()).isEqualTo(reflectively(record.event()));
        }
        assertThat(kinds).as("the run traced many kinds of event").hasSizeGreaterThan(15);
    }
}

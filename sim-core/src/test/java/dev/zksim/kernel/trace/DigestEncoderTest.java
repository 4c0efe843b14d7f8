package dev.zksim.kernel.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

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
}

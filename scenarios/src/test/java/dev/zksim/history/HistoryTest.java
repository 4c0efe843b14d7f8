package dev.zksim.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.trace.JsonLines;
import dev.zksim.kernel.trace.Trace;
import dev.zksim.kernel.trace.TraceRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class HistoryTest {
    private final AtomicLong clock = new AtomicLong();
    private final HistoryRecorder recorder = new HistoryRecorder(clock::get);

    @Test
    void opKindsAreEqualByNameWhicheverInstance() {
        OpKind made = OpKind.of("ACQUIRE");
        assertThat(made).isEqualTo(OpKind.ACQUIRE).hasSameHashCodeAs(OpKind.ACQUIRE).isNotSameAs(OpKind.ACQUIRE);
        assertThat(made).isNotEqualTo(OpKind.RELEASE).isNotEqualTo("ACQUIRE");
        assertThat(OpKind.ACQUIRE).isEqualTo(OpKind.ACQUIRE);
    }

    @Test
    void recordsInvocationsAndCompletionsWithTheClockAndIncreasingIndices() {
        Invocation acquire = recorder.invoke("c1", OpKind.ACQUIRE);
        clock.set(1_500_000);
        acquire.ok(Value.of(7));

        List<Op> ops = recorder.history().ops();
        assertThat(ops).extracting(Op::index).containsExactly(0L, 1L);
        assertThat(ops.get(1)).isEqualTo(new Op(1, "c1", OpType.OK, OpKind.ACQUIRE, Value.of(7), 1_500_000, ""));
        assertThat(ops.get(1).describe()).isEqualTo("c1 ACQUIRE ok 7 at 1.5s (#1)");
    }

    @Test
    void anInvocationCompletesOnlyOnce() {
        Invocation enqueue = recorder.invoke("c1", OpKind.ENQUEUE, Value.of("a"));
        enqueue.ok();
        assertThat(enqueue.isDone()).isTrue();
        assertThatThrownBy(() -> enqueue.fail("again")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void pairsMatchCompletionsToTheOldestPendingInvocationOfTheSameProcessAndKind() {
        Invocation acquire = recorder.invoke("c1", OpKind.ACQUIRE);
        Invocation enqueue = recorder.invoke("c1", OpKind.ENQUEUE, Value.of("x"));
        recorder.notify("c1", OpKind.SUSPENDED);
        enqueue.info("connection loss");
        recorder.invoke("c2", OpKind.ACQUIRE).fail("closed");

        List<OpPair> pairs = recorder.history().pairs();
        assertThat(pairs).hasSize(3);
        assertThat(pairs.get(0).invocation()).isEqualTo(acquire.invocation());
        assertThat(pairs.get(0).isPending()).isTrue();
        assertThat(pairs.get(1).completion()).get().extracting(Op::type).isEqualTo(OpType.INFO);
        assertThat(pairs.get(2).process()).isEqualTo("c2");
        assertThat(pairs.get(2).succeeded()).isFalse();
        assertThat(recorder.history().notifications()).extracting(Op::f).containsExactly(OpKind.SUSPENDED);
    }

    @Test
    void filtersKeepTheOriginalIndices() {
        recorder.invoke("c1", OpKind.ACQUIRE).ok();
        recorder.invoke("c2", OpKind.ENQUEUE, Value.of("a")).ok();
        History c2 = recorder.history().ofProcess("c2");
        assertThat(c2.ops()).extracting(Op::index).containsExactly(2L, 3L);
        assertThat(recorder.history().ofKinds(OpKind.ACQUIRE).size()).isEqualTo(2);
        assertThat(recorder.history().processes()).containsExactly("c1", "c2");
    }

    @Test
    void refusesOpsThatGoBackInIndexOrTime() {
        History history = new History();
        history.append(new Op(5, "c1", OpType.INVOKE, OpKind.ACQUIRE, Value.NONE, 100, ""));
        assertThatThrownBy(() -> history.append(new Op(5, "c1", OpType.OK, OpKind.ACQUIRE, Value.NONE, 100, "")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> history.append(new Op(6, "c1", OpType.OK, OpKind.ACQUIRE, Value.NONE, 99, "")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void printsOneOpPerLineDeterministically() {
        recorder.invoke("c1", OpKind.ENQUEUE, Value.tuple(Value.of("a"), Value.of(3))).ok();
        clock.set(2_000_001);
        recorder.invoke("c2", OpKind.DEQUEUE).fail("empty");
        assertThat(recorder.history().printout()).isEqualTo("""
                #0 0s c1 invoke ENQUEUE [a, 3]
                #1 0s c1 ok ENQUEUE [a, 3]
                #2 2.000001s c2 invoke DEQUEUE nil
                #3 2.000001s c2 fail DEQUEUE nil ; empty
                """);
    }

    @Test
    void opKindsAreUpperCaseWordsSoWorkloadsCanAddTheirOwn() {
        assertThat(OpKind.of("BARRIER_LIFT").name()).isEqualTo("BARRIER_LIFT");
        assertThatThrownBy(() -> OpKind.of("acquire")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OpKind.of("")).isInstanceOf(IllegalArgumentException.class);
        for (String name : List.of("A", "A_1", "Z9", "ACQUIRE", "a", "_A", "1A", "AB-C", "AB C", "\u00c4B", "A\u00c4")) {
            boolean word = name.matches("[A-Z][A-Z0-9_]*");
            assertThat(accepted(() -> OpKind.of(name))).as(name).isEqualTo(word);
        }
        assertThatThrownBy(() -> OpKind.of(null)).isInstanceOf(IllegalArgumentException.class);
    }

    static boolean accepted(Runnable construction) {
        try {
            construction.run();
            return true;
        } catch (IllegalArgumentException refused) {
            return false;
        }
    }

    @Test
    void valuesPrintAndCompareExactly() {
        assertThat(Value.sortedSet(List.of("c2", "c1"))).isEqualTo(Value.tuple(Value.of("c1"), Value.of("c2")));
        assertThat(Value.sortedSet(List.of("c2", "c1")).asTextSet()).containsExactly("c1", "c2");
        assertThat(Value.NONE.elements()).isEmpty();
        assertThat(Value.of(4).asLong()).isEqualTo(4);
        assertThatThrownBy(() -> Value.of("x").asLong()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void everyOpIsEmittedIntoTheTraceAndChangesTheDigest() {
        Trace trace = new Trace(clock::get);
        List<TraceRecord> records = new ArrayList<>();
        trace.addSink(records::add);
        HistoryRecorder traced = new HistoryRecorder(clock::get, trace);
        String before = trace.digest();

        clock.set(42);
        traced.invoke("c3", OpKind.ACQUIRE).ok(Value.of(9));

        assertThat(records).hasSize(2);
        assertThat(records.get(1).process()).isEqualTo("c3");
        assertThat(records.get(1).time()).isEqualTo(42);
        assertThat(records.get(1).event()).isEqualTo(new HistoryEvent(1, OpType.OK, OpKind.ACQUIRE, Value.of(9), "", 0));
        assertThat(records.get(1).canonicalLine()).isEqualTo(
                "0.000042s c3 HistoryEvent[index=1, type=OK, f=ACQUIRE, value=9, note=, session=0]");
        assertThat(trace.digest()).isNotEqualTo(before);
        assertThat(JsonLines.toJson(records.get(1))).isEqualTo("{\"seq\":1,\"t\":42,\"process\":\"c3\",\"type\":\"HistoryEvent\","
                + "\"fields\":{\"index\":1,\"type\":\"OK\",\"f\":{\"name\":\"ACQUIRE\"},\"value\":{\"number\":9},\"note\":\"\",\"session\":0}}");
    }
}

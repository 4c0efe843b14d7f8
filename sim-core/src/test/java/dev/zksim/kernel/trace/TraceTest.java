package dev.zksim.kernel.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TraceTest {

    record Said(String what, int times, List<String> to) implements TraceEvent {
    }

    private static Trace traceOf(String... words) {
        AtomicLong clock = new AtomicLong();
        Trace trace = new Trace(clock::get, 4);
        for (String word : words) {
            clock.addAndGet(10);
            trace.emit("p1", new Said(word, 1, List.of("p2")));
        }
        return trace;
    }

    @Test
    void theDigestDependsOnEveryLineAndItsOrder() {
        assertThat(traceOf("a", "b").digest()).isEqualTo(traceOf("a", "b").digest());
        assertThat(traceOf("a", "b").digest()).isNotEqualTo(traceOf("b", "a").digest());
        assertThat(traceOf("a", "b").digest()).isNotEqualTo(traceOf("a", "b", "c").digest());
        assertThat(traceOf().digest()).hasSize(32);
    }

    @Test
    void theDigestCanBeReadWhileEmittingGoesOn() {
        Trace trace = traceOf("a");
        String early = trace.digest();
        assertThat(trace.digest()).isEqualTo(early);
        trace.emit("p1", new Said("b", 1, List.of()));
        assertThat(trace.digest()).isNotEqualTo(early);
    }

    @Test
    void memoryStaysBoundedToTheRing() {
        Trace trace = traceOf("1", "2", "3", "4", "5", "6");
        assertThat(trace.count()).isEqualTo(6);
        assertThat(trace.recent()).extracting(record -> ((Said) record.event()).what()).containsExactly("3", "4", "5", "6");
    }

    @Test
    void theRingGrowsToItsCapacityThenKeepsTheNewestInOrder() {
        Trace trace = new Trace(() -> 0, 100);
        for (int i = 0; i < 250; i++) {
            trace.emit("p1", new Said(Integer.toString(i), i, List.of()));
            if (i == 69) {
                assertThat(trace.recent()).hasSize(70).first().extracting(record -> ((Said) record.event()).what()).isEqualTo("0");
            }
        }
        assertThat(trace.recent()).extracting(record -> ((Said) record.event()).times()).containsExactlyElementsOf(
                java.util.stream.IntStream.range(150, 250).boxed().toList());
    }

    @Test
    void aTraceThatDoesNotDigestKeepsNoRecentRecordsButFeedsItsSinks() {
        Trace trace = new Trace(() -> 0, 8);
        List<TraceRecord> seen = new java.util.ArrayList<>();
        trace.addSink(seen::add);
        trace.setDigesting(false);
        trace.emit("p1", new Said("quiet", 1, List.of()));
        assertThat(trace.recent()).isEmpty();
        assertThat(seen).hasSize(1);
        assertThat(trace.count()).isEqualTo(1);
    }

    @Test
    void canonicalLinesCarryTimeProcessAndEvent() {
        TraceCapture capture = new TraceCapture(10);
        AtomicLong clock = new AtomicLong(1_500_000);
        Trace trace = new Trace(clock::get);
        trace.addSink(capture);
        trace.emit("s1", new Said("hello", 2, List.of("c1")));
        assertThat(capture.lines()).containsExactly("1.500000s s1 Said[what=hello, times=2, to=[c1]]");
    }

    @Test
    void jsonLinesExportRecordsWithTheirFields() {
        StringWriter out = new StringWriter();
        AtomicLong clock = new AtomicLong(42);
        Trace trace = new Trace(clock::get);
        trace.addSink(JsonLines.writer(out));
        trace.emit("c\"1", new Said("line\nbreak", 3, List.of("a", "b")));
        assertThat(out.toString()).isEqualTo(
                "{\"seq\":0,\"t\":42,\"process\":\"c\\\"1\",\"type\":\"Said\","
                        + "\"fields\":{\"what\":\"line\\nbreak\",\"times\":3,\"to\":[\"a\",\"b\"]}}\n");
    }

    @Test
    void timesFormatExactlyIncludingLeadingZerosAndNegatives() {
        assertThat(dev.zksim.kernel.Time.format(0)).isEqualTo("0.000000s");
        assertThat(dev.zksim.kernel.Time.format(7)).isEqualTo("0.000007s");
        assertThat(dev.zksim.kernel.Time.format(1_000_000)).isEqualTo("1.000000s");
        assertThat(dev.zksim.kernel.Time.format(12_345_678)).isEqualTo("12.345678s");
        assertThat(dev.zksim.kernel.Time.format(-1_500)).isEqualTo("-0.001500s");
    }

    @Test
    void theDigestIsTheSameForNonAsciiText() {
        assertThat(traceOf("héllo").digest()).isEqualTo(traceOf("héllo").digest()).isNotEqualTo(traceOf("hello").digest());
    }

    @Test
    void theDiffNamesTheFirstDivergingLine() {
        assertThat(TraceDiff.firstDivergence(List.of("a", "b", "c"), List.of("a", "x", "c")))
                .hasValueSatisfying(d -> assertThat(d.describe()).contains("line 1").contains("first run:  b").contains("second run: x"));
        assertThat(TraceDiff.firstDivergence(List.of("a"), List.of("a", "b")))
                .hasValueSatisfying(d -> assertThat(d.expected()).isNull());
        assertThat(TraceDiff.firstDivergence(List.of("a"), List.of("a"))).isEmpty();
    }

    @Test
    void theDeterminismCheckPassesAReproducibleRunAndCatchesAnUnstableOne() {
        assertThat(DeterminismCheck.verify(sink -> run(sink, "stable"))).hasSize(32);
        AtomicLong runs = new AtomicLong();
        assertThatThrownBy(() -> DeterminismCheck.verify(sink -> run(sink, "run " + runs.incrementAndGet())))
                .isInstanceOfSatisfying(SimulationFailure.class, failure -> {
                    assertThat(failure.kind()).isEqualTo(FailureKind.NONDETERMINISM);
                    assertThat(failure).hasMessageContaining("traces diverge at line 1")
                            .hasMessageContaining("Said[what=run 3");
                });
    }

    private static String run(TraceSink sink, String secondWord) {
        AtomicLong clock = new AtomicLong();
        Trace trace = new Trace(clock::get);
        if (sink != null) {
            trace.addSink(sink);
        }
        trace.emit("p", new Said("same", 1, List.of()));
        trace.emit("p", new Said(secondWord, 1, List.of()));
        return trace.digest();
    }
}

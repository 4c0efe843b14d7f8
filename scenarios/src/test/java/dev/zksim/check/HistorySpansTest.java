package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.zksim.history.History;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.history.Value;
import dev.zksim.report.spacetime.OperationSpan;
import dev.zksim.report.spacetime.OperationSpan.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bars a space-time diagram draws: beliefs and operations, with the failure's evidence marked. */
class HistorySpansTest {
    private static final long END = 20_000;

    /**
     * c1 acquires (#0, #1) and releases (#3, #4); c2's acquire fails (#2, #5); c3's dequeue
     * never completes (#6); c2's enqueue ends uncertain with a note (#7, #8); c4 is told it
     * leads (#9) and never stops.
     */
    private static History history() {
        Hist hist = new Hist().at(1).invoke("c1", OpKind.ACQUIRE).at(2).ok("c1", OpKind.ACQUIRE)
                .at(3).invoke("c2", OpKind.ACQUIRE).at(5).invoke("c1", OpKind.RELEASE).at(6).ok("c1", OpKind.RELEASE)
                .at(7).fail("c2", OpKind.ACQUIRE).at(8).invoke("c3", OpKind.DEQUEUE).at(9).invoke("c2", OpKind.ENQUEUE, v(4));
        hist.history().append("c2", OpType.INFO, OpKind.ENQUEUE, v(4), 10_000, "connection loss");
        hist.at(11).ok("c4", OpKind.ELECTED);
        return hist.history();
    }

    private static OperationSpan span(List<OperationSpan> spans, String process, String what) {
        return spans.stream().filter(s -> s.process().equals(process) && s.what().equals(what)).findFirst().orElseThrow();
    }

    @Test
    void everyOperationAndBeliefBecomesABarThatEndsHowItEnded() {
        History history = history();
        List<OperationSpan> spans = HistorySpans.of(history, List.of(), END);
        assertThat(spans).extracting(OperationSpan::process, OperationSpan::what).containsExactly(
                tuple("c1", "holding ACQUIRE"), tuple("c4", "holding ELECTED"),
                tuple("c1", "ACQUIRE"), tuple("c2", "ACQUIRE"),
                tuple("c1", "RELEASE"), tuple("c3", "DEQUEUE"),
                tuple("c2", "ENQUEUE"));
        assertThat(spans).noneMatch(OperationSpan::implicated);
        assertThat(span(spans, "c1", "holding ACQUIRE")).isEqualTo(new OperationSpan("c1", "holding ACQUIRE", 2_000, 5_000,
                Kind.HELD, false, "c1 held ACQUIRE since c1 ACQUIRE ok at 0.002s (#1) until c1 RELEASE invoke at 0.005s (#3)"));
        assertThat(span(spans, "c4", "holding ELECTED")).isEqualTo(new OperationSpan("c4", "holding ELECTED", 11_000, END,
                Kind.HELD, false, "c4 held ELECTED since c4 ELECTED ok at 0.011s (#9) and never stopped"));
        assertThat(span(spans, "c1", "ACQUIRE")).isEqualTo(new OperationSpan("c1", "ACQUIRE", 1_000, 2_000, Kind.OK, false,
                "c1 ACQUIRE invoke at 0.001s (#0), then ok at 0.002s (#1)"));
        assertThat(span(spans, "c2", "ACQUIRE").kind()).isEqualTo(Kind.FAILED);
        assertThat(span(spans, "c2", "ACQUIRE").to()).isEqualTo(7_000);
        assertThat(span(spans, "c3", "DEQUEUE")).isEqualTo(new OperationSpan("c3", "DEQUEUE", 8_000, END, Kind.OPEN, false,
                "c3 DEQUEUE invoke at 0.008s (#6), no completion by 0.02s"));
        assertThat(span(spans, "c2", "ENQUEUE")).isEqualTo(new OperationSpan("c2", "ENQUEUE", 9_000, 10_000, Kind.UNKNOWN,
                false, "c2 ENQUEUE invoke 4 at 0.009s (#7), then info at 0.01s (#8): connection loss"));
    }

    @Test
    void theEvidenceMarksTheBarsItStartsOrEnds() {
        History history = history();
        // #1 starts c1's hold and completes its acquire; #4 completes its release; #6 is c3's pending dequeue.
        List<OperationSpan> spans = HistorySpans.of(history, List.of(1L, 4L, 6L), END);
        assertThat(spans).filteredOn(OperationSpan::implicated).extracting(OperationSpan::process, OperationSpan::what)
                .containsExactlyInAnyOrder(tuple("c1", "holding ACQUIRE"),
                        tuple("c1", "ACQUIRE"), tuple("c1", "RELEASE"),
                        tuple("c3", "DEQUEUE"));
        // #3 ends c1's hold (the release invocation) and starts the release.
        assertThat(HistorySpans.of(history, List.of(3L), END)).filteredOn(OperationSpan::implicated)
                .extracting(OperationSpan::what).containsExactlyInAnyOrder("holding ACQUIRE", "RELEASE");
    }

    @Test
    void aBarNeverEndsBeforeItStarts() {
        // A run cut before a still-open operation was invoked (end earlier than the start) draws a zero-length bar.
        History history = new History();
        history.append("c1", OpType.INVOKE, OpKind.DEQUEUE, Value.NONE, 5_000, "");
        history.append("c2", OpType.OK, OpKind.ELECTED, Value.NONE, 6_000, "");
        List<OperationSpan> spans = HistorySpans.of(history, List.of(), 1_000);
        assertThat(spans).allMatch(s -> s.to() == s.from());
    }
}

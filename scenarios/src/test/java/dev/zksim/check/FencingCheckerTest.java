package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static dev.zksim.history.OpKind.WRITE_PROTECTED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.HistoryRecorder;
import dev.zksim.history.OpType;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FencingCheckerTest {
    private final FencingChecker checker = new FencingChecker();

    @Test
    void theFencedResourceRejectsAStaleHolderAndTheHistoryStaysValid() {
        AtomicLong clock = new AtomicLong();
        HistoryRecorder recorder = new HistoryRecorder(clock::get);
        FencedResource resource = new FencedResource(recorder);

        assertThat(resource.write("c1", 5)).isTrue();
        assertThat(resource.write("c1", 5)).isTrue();
        clock.set(10);
        assertThat(resource.write("c2", 6)).isTrue();
        assertThat(resource.write("c1", 5)).as("paused old holder").isFalse();

        assertThat(recorder.history().ops().get(7).type()).isEqualTo(OpType.FAIL);
        assertThat(recorder.history().ops().get(7).note()).isEqualTo("stale token 5 < 6");
        assertThat(resource.highestAccepted()).isEqualTo(6);
        assertThat(checker.check(recorder.history()).isValid()).isTrue();
    }

    @Test
    void anAcceptedStaleTokenIsAViolation() {
        Hist h = new Hist().at(0).call("c1", WRITE_PROTECTED, v(5))
                .at(1).call("c2", WRITE_PROTECTED, v(6))
                .at(2).call("c1", WRITE_PROTECTED, v(5));
        CheckResult.Violation violation = (CheckResult.Violation) checker.check(h.history());
        assertThat(violation.explanation()).startsWith("the resource accepted stale token 5 from c1 WRITE_PROTECTED ok 5 at 0.002s (#5)");
        assertThat(violation.ops()).extracting(op -> op.index()).containsExactly(3L, 5L);
    }

    @Test
    void twoProcessesWritingUnderOneTokenIsAViolation() {
        Hist h = new Hist().at(0).call("c1", WRITE_PROTECTED, v(5))
                .at(1).call("c2", WRITE_PROTECTED, v(5));
        CheckResult result = checker.check(h.history());
        assertThat(result.isValid()).isFalse();
        assertThat(((CheckResult.Violation) result).explanation()).startsWith("two holders wrote under token 5");
    }

    @Test
    void aSecondHolderOfATokenIsComparedWithItsFirstWriter() {
        Hist h = new Hist().at(0).call("c1", WRITE_PROTECTED, v(5))
                .at(1).call("c1", WRITE_PROTECTED, v(5))
                .at(2).call("c2", WRITE_PROTECTED, v(6))
                .at(3).call("c2", WRITE_PROTECTED, v(6))
                .at(4).call("c3", WRITE_PROTECTED, v(6));
        CheckResult.Violation violation = (CheckResult.Violation) checker.check(h.history());
        assertThat(violation.explanation()).startsWith("two holders wrote under token 6: c2 WRITE_PROTECTED ok 6 at 0.002s (#5)");
        assertThat(violation.ops()).extracting(op -> op.index()).containsExactly(5L, 9L);
    }

    @Test
    void rejectedWritesDoNotCount() {
        Hist h = new Hist().at(0).call("c2", WRITE_PROTECTED, v(6))
                .at(1).invoke("c1", WRITE_PROTECTED, v(5)).fail("c1", WRITE_PROTECTED)
                .at(2).invoke("c3", WRITE_PROTECTED, v(6)).fail("c3", WRITE_PROTECTED);
        assertThat(checker.check(h.history()).isValid()).isTrue();
    }
}

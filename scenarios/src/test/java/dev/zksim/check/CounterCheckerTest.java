package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static dev.zksim.history.OpKind.COUNT;
import static dev.zksim.history.OpKind.INCREMENT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import org.junit.jupiter.api.Test;

/** A shared counter counts every completed increment once: the bounds that hold whatever the timing. */
class CounterCheckerTest {

    private static CheckResult.Violation violation(Hist hist, boolean staleReads) {
        CheckResult result = new CounterChecker(staleReads).check(hist.history());
        assertThat(result.isValid()).isFalse();
        CheckResult.Violation violation = (CheckResult.Violation) result;
        assertThat(violation.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        return violation;
    }

    @Test
    void aCounterThatCountsEachIncrementOnceIsValid() {
        // c2's second increment has an unknown outcome; the reads may count it or not.
        Hist hist = new Hist().at(1).invoke("c1", INCREMENT).ok("c1", INCREMENT, v(1))
                .at(2).invoke("c2", INCREMENT).ok("c2", INCREMENT, v(2))
                .at(3).invoke("c1", COUNT).ok("c1", COUNT, v(2))
                .at(4).invoke("c2", INCREMENT).info("c2", INCREMENT)
                .at(5).invoke("c1", COUNT).ok("c1", COUNT, v(3))
                .at(6).invoke("c2", COUNT).ok("c2", COUNT, v(2));
        assertThat(new CounterChecker(false).check(hist.history()).isValid()).isTrue();
        assertThat(new CounterChecker(false).name()).isEqualTo("counter");
    }

    @Test
    void anIncrementReportingMoreThanWasStartedCountedTwice() {
        Hist hist = new Hist().at(1).invoke("c1", INCREMENT).ok("c1", INCREMENT, v(1))
                .at(2).invoke("c2", INCREMENT).at(3).ok("c2", INCREMENT, v(3));
        CheckResult.Violation violation = violation(hist, false);
        assertThat(violation.time()).isEqualTo(3_000);
        assertThat(violation.explanation()).isEqualTo(hist.op(3).describe()
                + " reports the counter at 3, but only 2 increments had been started: an increment counted more than once");
        assertThat(violation.ops()).containsExactly(hist.op(3));
    }

    @Test
    void aReadCountingMoreThanWasStartedCountedTwice() {
        Hist hist = new Hist().at(1).invoke("c1", INCREMENT).info("c1", INCREMENT)
                .at(2).invoke("c2", COUNT).ok("c2", COUNT, v(2));
        assertThat(violation(hist, true).explanation()).isEqualTo(hist.op(3).describe()
                + " reads 2, but only 1 increments had been started: an increment counted more than once");
    }

    @Test
    void twoIncrementsReportingTheSameValueLostOne() {
        Hist hist = new Hist().at(1).invoke("c1", INCREMENT).invoke("c2", INCREMENT)
                .at(2).ok("c1", INCREMENT, v(1)).ok("c2", INCREMENT, v(1));
        CheckResult.Violation violation = violation(hist, false);
        assertThat(violation.explanation()).isEqualTo(hist.op(3).describe() + " and " + hist.op(2).describe()
                + " both report moving the counter to 1: one of the two increments did not count");
        assertThat(violation.ops()).containsExactly(hist.op(2), hist.op(3));
    }

    @Test
    void anIncrementNotAboveTheIncrementsCompletedBeforeItLostOne() {
        // c2's counter does not say its value, so only the bound catches c3's.
        Hist hist = new Hist().at(1).invoke("c1", INCREMENT).ok("c1", INCREMENT, v(1))
                .at(2).invoke("c2", INCREMENT).ok("c2", INCREMENT)
                .at(3).invoke("c3", INCREMENT).ok("c3", INCREMENT, v(2));
        assertThat(violation(hist, false).explanation()).isEqualTo(hist.op(5).describe()
                + " reports the counter at 2, but 2 increments had completed before it began: a completed increment was lost");
    }

    @Test
    void aReadBelowTheCompletedIncrementsIsBlamedUnlessReadsMayLag() {
        Hist hist = new Hist().at(1).invoke("c1", INCREMENT).ok("c1", INCREMENT, v(1))
                .at(2).invoke("c2", INCREMENT).ok("c2", INCREMENT, v(2))
                .at(3).invoke("c1", COUNT).ok("c1", COUNT, v(1));
        assertThat(violation(hist, false).explanation()).isEqualTo(hist.op(5).describe() + " reads 1 after 2 increments"
                + " had completed: a completed increment was lost (or the read lagged: declare staleReads())");
        assertThat(new CounterChecker(true).check(hist.history()).isValid()).isTrue();
    }

    @Test
    void anIncrementCompletingDuringARead() {
        // The read began before c2's increment completed, so it may miss it.
        Hist hist = new Hist().at(1).invoke("c1", INCREMENT).ok("c1", INCREMENT, v(1))
                .at(2).invoke("c2", INCREMENT).invoke("c1", COUNT).ok("c2", INCREMENT, v(2)).ok("c1", COUNT, v(1));
        assertThat(new CounterChecker(false).check(hist.history()).isValid()).isTrue();
    }
}

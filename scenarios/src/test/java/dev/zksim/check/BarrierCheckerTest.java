package dev.zksim.check;

import static dev.zksim.history.OpKind.CRASHED;
import static dev.zksim.history.OpKind.ENTER;
import static dev.zksim.history.OpKind.LEAVE;
import static dev.zksim.history.OpKind.LIFT;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BarrierCheckerTest {
    private final BarrierChecker barrier = new BarrierChecker();
    private final DoubleBarrierChecker doubleBarrier = new DoubleBarrierChecker(2);

    private static String explain(CheckResult result) {
        assertThat(result.isValid()).as("expected a violation").isFalse();
        return ((CheckResult.Violation) result).explanation();
    }

    @Test
    void waitersPassOnlyAfterTheLiftWasRequested() {
        Hist valid = new Hist().at(0).invoke("c1", ENTER).invoke("c2", ENTER)
                .at(5).invoke("boss", LIFT).ok("c1", ENTER).ok("c2", ENTER).ok("boss", LIFT);
        Hist early = new Hist().at(0).invoke("c1", ENTER).at(3).ok("c1", ENTER).at(5).invoke("boss", LIFT);
        Hist neverLifted = new Hist().at(0).invoke("c1", ENTER).at(3).ok("c1", ENTER);
        assertThat(barrier.check(valid.history()).isValid()).isTrue();
        assertThat(explain(barrier.check(early.history())))
                .isEqualTo("c1 ENTER ok at 0.003s (#1) passed the barrier before it was lifted by boss LIFT invoke at 0.005s (#2)");
        assertThat(explain(barrier.check(neverLifted.history()))).endsWith("passed a barrier nobody ever lifted");
    }

    @Test
    void aDoubleBarrierRoundWhereEveryoneWaitsForEveryoneIsValid() {
        Hist h = new Hist().at(0).invoke("c1", ENTER).at(1).invoke("c2", ENTER)
                .at(2).ok("c2", ENTER).ok("c1", ENTER)
                .at(3).invoke("c1", LEAVE).at(4).invoke("c2", LEAVE)
                .at(5).ok("c1", LEAVE).ok("c2", LEAVE);
        assertThat(doubleBarrier.check(h.history()).isValid()).isTrue();
    }

    @Test
    void startingToComputeBeforeEveryoneArrivedIsAViolation() {
        Hist h = new Hist().at(0).invoke("c1", ENTER).at(1).ok("c1", ENTER).at(2).invoke("c2", ENTER);
        assertThat(explain(doubleBarrier.check(h.history())))
                .isEqualTo("c1 ENTER ok at 0.001s (#1) went through when only 1 of 2 participants had arrived [c1]");
    }

    @Test
    void leavingWhileAnotherStillComputesIsAViolationUnlessItsSessionDied() {
        Hist early = new Hist().at(0).invoke("c1", ENTER).invoke("c2", ENTER).at(1).ok("c1", ENTER).ok("c2", ENTER)
                .at(2).invoke("c1", LEAVE).ok("c1", LEAVE)
                .at(9).invoke("c2", LEAVE).ok("c2", LEAVE);
        Hist crashed = new Hist().at(0).invoke("c1", ENTER).invoke("c2", ENTER).at(1).ok("c1", ENTER).ok("c2", ENTER)
                .at(2).ok("c2", CRASHED).invoke("c1", LEAVE).ok("c1", LEAVE);
        assertThat(explain(doubleBarrier.check(early.history())))
                .isEqualTo("c1 LEAVE ok at 0.002s (#5) left while [c2] had entered and not yet started to leave");
        assertThat(doubleBarrier.check(crashed.history()).isValid()).isTrue();
    }

    @Test
    void aWithdrawnArrivalDoesNotCountUntilItArrivesAgain() {
        Hist withdrawnFirst = new Hist().at(0).invoke("c1", ENTER).at(1).gaveUp("c1", ENTER)
                .at(2).invoke("c2", ENTER).at(3).ok("c2", ENTER).at(4).invoke("c1", ENTER);
        Hist cameBack = new Hist().at(0).invoke("c1", ENTER).at(1).gaveUp("c1", ENTER)
                .at(2).invoke("c2", ENTER).at(3).invoke("c1", ENTER).at(4).ok("c2", ENTER).ok("c1", ENTER);
        Hist failedForAnotherReason = new Hist().at(0).invoke("c1", ENTER).at(1).fail("c1", ENTER)
                .at(2).invoke("c2", ENTER).at(3).ok("c2", ENTER);
        assertThat(explain(doubleBarrier.check(withdrawnFirst.history())))
                .isEqualTo("c2 ENTER ok at 0.003s (#3) went through when only 1 of 2 participants had arrived [c2]");
        assertThat(doubleBarrier.check(cameBack.history()).isValid()).isTrue();
        assertThat(doubleBarrier.check(failedForAnotherReason.history()).isValid()).isTrue();
    }

    /** Once all were there at once the barrier may open, even if one withdraws before it hears so. */
    @Test
    void aWithdrawalAfterAllWereThereAtOnceDoesNotMakeTheOthersEarly() {
        Hist h = new Hist().at(0).invoke("c1", ENTER).invoke("c2", ENTER).at(1).gaveUp("c1", ENTER)
                .at(2).ok("c2", ENTER);
        assertThat(doubleBarrier.check(h.history()).isValid()).isTrue();
    }

    /** A participant that withdrew and comes back after the others left holds nobody back. */
    @Test
    void aParticipantBackAfterTheOthersLeftDidNotHoldThemBack() {
        Hist h = new Hist().at(0).invoke("c1", ENTER).invoke("c2", ENTER).at(1).ok("c1", ENTER)
                .at(2).gaveUp("c2", ENTER).invoke("c1", LEAVE).ok("c1", LEAVE)
                .at(3).invoke("c2", ENTER).ok("c2", ENTER).invoke("c2", LEAVE).ok("c2", LEAVE);
        Hist heldBack = new Hist().at(0).invoke("c1", ENTER).invoke("c2", ENTER).at(1).ok("c1", ENTER)
                .at(2).invoke("c1", LEAVE).ok("c1", LEAVE).at(3).ok("c2", ENTER);
        assertThat(doubleBarrier.check(h.history()).isValid()).isTrue();
        assertThat(explain(doubleBarrier.check(heldBack.history()))).contains("left while [c2] had entered");
    }

    /** Seed 509 of double-barrier: both gave up, came back, and one left before the other's new node existed. */
    @Test
    void aParticipantThatGaveUpAndCameBackIsALateJoiner() {
        Hist h = new Hist().at(0).invoke("c1", ENTER).invoke("c2", ENTER).at(1).gaveUp("c2", ENTER).gaveUp("c1", ENTER)
                .at(2).invoke("c2", ENTER).invoke("c1", ENTER).at(3).ok("c2", ENTER).invoke("c2", LEAVE).ok("c2", LEAVE)
                .at(4).ok("c1", ENTER).invoke("c1", LEAVE).ok("c1", LEAVE);
        assertThat(doubleBarrier.check(h.history()).isValid()).isTrue();
    }

    /**
     * A timed leave that ran out (LEAVE failed "gave up") is no early leave, however many still
     * compute: the participant walked away without learning that the others were done. It
     * finished computing when it invoked LEAVE, so it holds nobody back either; a LEAVE OK
     * later is judged on the others alone.
     */
    @Test
    void aGivenUpLeaveIsNeitherAnEarlyLeaveNorAComputingParticipant() {
        Hist walkedAway = new Hist().at(0).invoke("c1", ENTER).invoke("c2", ENTER).at(1).ok("c1", ENTER).ok("c2", ENTER)
                .at(2).invoke("c1", LEAVE).at(3).gaveUp("c1", LEAVE)
                .at(9).invoke("c2", LEAVE).ok("c2", LEAVE);
        DoubleBarrierChecker three = new DoubleBarrierChecker(3);
        Hist stillComputing = new Hist().at(0).invoke("c1", ENTER).invoke("c2", ENTER).invoke("c3", ENTER)
                .at(1).ok("c1", ENTER).ok("c2", ENTER).ok("c3", ENTER)
                .at(2).invoke("c1", LEAVE).at(3).gaveUp("c1", LEAVE)
                .at(4).invoke("c2", LEAVE).ok("c2", LEAVE);
        assertThat(doubleBarrier.check(walkedAway.history()).isValid()).isTrue();
        assertThat(explain(three.check(stillComputing.history())))
                .isEqualTo("c2 LEAVE ok at 0.004s (#9) left while [c3] had entered and not yet started to leave");
    }
}

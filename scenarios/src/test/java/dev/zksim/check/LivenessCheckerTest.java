package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static dev.zksim.history.OpKind.ACQUIRE;
import static dev.zksim.history.OpKind.ENQUEUE;
import static dev.zksim.history.OpKind.RELEASE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Time;
import org.junit.jupiter.api.Test;

class LivenessCheckerTest {
    private static final long HEAL = Time.seconds(10);
    private static final long BOUND = Time.seconds(30);
    private final LivenessChecker checker = new LivenessChecker(HEAL, BOUND, Time.seconds(60));

    @Test
    void operationsThatFinishWithinTheBoundAfterTheHealAreValid() {
        Hist h = new Hist().at(1_000).invoke("c1", ACQUIRE)
                .at(5_000).invoke("c2", ENQUEUE, v("a")).at(6_000).info("c2", ENQUEUE)
                .at(39_000).ok("c1", ACQUIRE)
                .at(50_000).invoke("c1", RELEASE).at(51_000).fail("c1", RELEASE);
        assertThat(checker.check(h.history()).isValid()).isTrue();
    }

    @Test
    void stuckOperationsAreListedOnePerLineWithWhatTheyWaitFor() {
        Hist h = new Hist().at(12_300).invoke("c3", ACQUIRE)
                .at(8_000 + 12_300).invoke("c1", ACQUIRE)
                .at(45_000).ok("c1", ACQUIRE);
        CheckResult.Violation violation = (CheckResult.Violation) checker.check(h.history());
        assertThat(violation.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(violation.time()).isEqualTo(Time.millis(42_300));
        assertThat(violation.explanation()).isEqualTo("""
                1 operation made no progress after the heal at 10s:
                  c3 ACQUIRE invoked at 12.3s (#0), no completion by 42.3s""");
        SimulationFailure failure = violation.toFailure();
        assertThat(failure.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(failure.getMessage()).contains("c3 ACQUIRE invoked at 12.3s");
    }

    @Test
    void anOperationPendingAtTheHealGetsTheBoundFromTheHealAndLateCompletionsCount() {
        Hist h = new Hist().at(2_000).invoke("c1", ACQUIRE).invoke("c2", ACQUIRE)
                .at(39_000).ok("c1", ACQUIRE)
                .at(41_000).ok("c2", ACQUIRE);
        CheckResult.Violation violation = (CheckResult.Violation) checker.check(h.history());
        assertThat(violation.explanation()).endsWith("c2 ACQUIRE invoked at 2s (#1), completed only at 41s, due by 40s");
    }

    @Test
    void deadlinesBeyondTheEndOfTheRunAreNotJudgedAndKindsCanBeExcluded() {
        Hist recent = new Hist().at(55_000).invoke("c1", ACQUIRE);
        Hist waitingForever = new Hist().at(11_000).invoke("c1", ACQUIRE).at(59_000).invoke("c2", ENQUEUE, v("x"));
        assertThat(checker.check(recent.history()).isValid()).isTrue();
        assertThat(checker.check(waitingForever.history()).isValid()).isFalse();
        assertThat(checker.onlyKinds(ENQUEUE).check(waitingForever.history()).isValid()).isTrue();
    }
}

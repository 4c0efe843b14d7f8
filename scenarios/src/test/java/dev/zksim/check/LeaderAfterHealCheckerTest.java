package dev.zksim.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.OpKind;
import dev.zksim.kernel.FailureKind;
import org.junit.jupiter.api.Test;

/** Election liveness: a leadership overlaps [heal, heal + bound]; times in ms, checker in µs. */
class LeaderAfterHealCheckerTest {
    private static final long HEAL = 10_000_000;
    private static final long BOUND = 5_000_000;
    private static final long RUN_END = 30_000_000;

    private static CheckResult check(Hist hist) {
        return new LeaderAfterHealChecker(HEAL, BOUND, RUN_END).check(hist.history());
    }

    @Test
    void aLeaderElectedByTheDeadlineIsValidOneElectedLaterIsNot() {
        assertThat(check(new Hist().at(15_000).call("c1", OpKind.ELECTED)).isValid()).isTrue();
        CheckResult late = check(new Hist().at(15_001).call("c1", OpKind.ELECTED));
        CheckResult.Violation violation = (CheckResult.Violation) late;
        assertThat(violation.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(violation.time()).isEqualTo(HEAL + BOUND);
        assertThat(violation.explanation()).startsWith("no candidate led between the heal at ");
        assertThat(violation.ops()).isEmpty();
    }

    @Test
    void aLeadershipThatLastedUntilTheHealCountsOneThatEndedBeforeDoesNot() {
        assertThat(check(new Hist().at(1_000).call("c1", OpKind.ELECTED).at(10_000).call("c1", OpKind.ABDICATED))
                .isValid()).isTrue();
        assertThat(check(new Hist().at(1_000).call("c1", OpKind.ELECTED).at(9_999).call("c1", OpKind.LOST)
                .at(20_000).call("c2", OpKind.ACQUIRE)).isValid()).isFalse();
    }

    @Test
    void aLeaderThatNeverStoppedCounts() {
        assertThat(check(new Hist().at(1_000).call("c1", OpKind.ELECTED).at(20_000).call("c2", OpKind.ACQUIRE))
                .isValid()).isTrue();
    }

    @Test
    void noLeaderAtAllIsJudgedOnlyWhenTheRunReachedTheDeadline() {
        Hist quiet = new Hist().at(1_000).call("c1", OpKind.ACQUIRE);
        assertThat(check(quiet).isValid()).isFalse();
        assertThat(new LeaderAfterHealChecker(HEAL, BOUND, 14_999_999).check(quiet.history()).isValid()).isTrue();
        assertThat(new LeaderAfterHealChecker(HEAL, BOUND, 15_000_000).check(quiet.history()).isValid()).isFalse();
        // The history itself may run past the configured end.
        Hist longer = new Hist().at(16_000).call("c1", OpKind.ACQUIRE);
        assertThat(new LeaderAfterHealChecker(HEAL, BOUND, 1_000).check(longer.history()).isValid()).isFalse();
    }

    @Test
    void theNameGivesTheBound() {
        assertThat(new LeaderAfterHealChecker(HEAL, BOUND, RUN_END).name()).isEqualTo("a leader within 5s of the heal");
    }
}

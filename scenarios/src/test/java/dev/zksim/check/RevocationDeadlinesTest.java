package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static dev.zksim.history.OpKind.ACQUIRE;
import static dev.zksim.history.OpKind.FORCED_RELEASE;
import static dev.zksim.history.OpKind.RELEASE;
import static dev.zksim.history.OpKind.REVOKE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.Time;
import org.junit.jupiter.api.Test;

/**
 * The revocation deadlines at their edges: a forced release exactly at the deadline, one that
 * came before the revocation, a history that ends exactly at the deadline, and the ops a late
 * release is reported with.
 */
class RevocationDeadlinesTest {
    private final RevocationChecker cooperative = RevocationChecker.cooperative(Time.millis(100));
    private final RevocationChecker forced = RevocationChecker.forced(Time.millis(100), Time.millis(50));

    @Test
    void aForcedReleaseExactlyAtTheDeadlineIsInTimeOneLaterIsNot() {
        Hist onTime = new Hist().at(0).call("c1", ACQUIRE).at(20).call("admin", REVOKE, v("c1"))
                .at(170).call("admin", FORCED_RELEASE, v("c1")).at(400).call("c2", ACQUIRE);
        assertThat(forced.check(onTime.history()).isValid()).isTrue();
        Hist late = new Hist().at(0).call("c1", ACQUIRE).at(20).call("admin", REVOKE, v("c1"))
                .at(171).call("admin", FORCED_RELEASE, v("c1")).at(400).call("c2", ACQUIRE);
        CheckResult.Violation violation = (CheckResult.Violation) forced.check(late.history());
        assertThat(violation.time()).isEqualTo(Time.millis(170));
        assertThat(violation.explanation()).startsWith("c1 neither released nor was forced out by 0.17s");
        assertThat(violation.ops()).containsExactly(late.op(1), late.op(3));
    }

    @Test
    void aForcedReleaseBeforeTheRevocationOrOfAnotherHolderDoesNotCount() {
        Hist before = new Hist().at(0).call("c1", ACQUIRE).at(10).call("admin", FORCED_RELEASE, v("c1"))
                .at(20).call("admin", REVOKE, v("c1")).at(400).call("c2", ACQUIRE);
        assertThat(forced.check(before.history()).isValid()).isFalse();
        Hist other = new Hist().at(0).call("c1", ACQUIRE).at(20).call("admin", REVOKE, v("c1"))
                .at(30).call("admin", FORCED_RELEASE, v("c3")).at(400).call("c2", ACQUIRE);
        assertThat(forced.check(other.history()).isValid()).isFalse();
    }

    @Test
    void aForcedReleaseCountsWhenItCompletedAndOnlyAForcedReleaseCounts() {
        // Asked for in time but confirmed only after the deadline: too late.
        Hist confirmedLate = new Hist().at(0).call("c1", ACQUIRE).at(20).call("admin", REVOKE, v("c1"))
                .at(160).invoke("admin", FORCED_RELEASE, v("c1")).at(175).ok("admin", FORCED_RELEASE, v("c1"))
                .at(400).call("c2", ACQUIRE);
        assertThat(forced.check(confirmedLate.history()).isValid()).isFalse();
        // A second revocation naming the holder is not a forced release.
        Hist revokedAgain = new Hist().at(0).call("c1", ACQUIRE).at(20).call("admin", REVOKE, v("c1"))
                .at(60).call("admin", REVOKE, v("c1")).at(400).call("c2", ACQUIRE);
        assertThat(forced.check(revokedAgain.history()).isValid()).isFalse();
    }

    @Test
    void aHistoryEndingExactlyAtTheDeadlineIsJudged() {
        Hist h = new Hist().at(0).call("c1", ACQUIRE).at(20).call("admin", REVOKE, v("c1")).at(120).call("c2", ACQUIRE);
        assertThat(cooperative.check(h.history()).isValid()).isFalse();
    }

    @Test
    void aLateReleaseIsReportedWithTheGrantTheRevocationAndTheRelease() {
        Hist h = new Hist().at(0).call("c1", ACQUIRE).at(20).call("admin", REVOKE, v("c1")).at(130).invoke("c1", RELEASE);
        CheckResult.Violation violation = (CheckResult.Violation) cooperative.check(h.history());
        assertThat(violation.ops()).containsExactly(h.op(1), h.op(3), h.op(4));
    }

    @Test
    void theNameSaysWhichVariantJudged() {
        assertThat(cooperative.name()).isEqualTo("revocation (cooperative)");
        assertThat(forced.name()).isEqualTo("revocation (forced)");
    }
}

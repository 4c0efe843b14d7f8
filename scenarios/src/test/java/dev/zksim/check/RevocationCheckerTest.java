package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static dev.zksim.history.OpKind.ACQUIRE;
import static dev.zksim.history.OpKind.FORCED_RELEASE;
import static dev.zksim.history.OpKind.RELEASE;
import static dev.zksim.history.OpKind.REVOKE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.Time;
import org.junit.jupiter.api.Test;

class RevocationCheckerTest {
    private final RevocationChecker cooperative = RevocationChecker.cooperative(Time.millis(100));
    private final RevocationChecker forced = RevocationChecker.forced(Time.millis(100), Time.millis(50));

    @Test
    void aHolderThatReleasesWithinTheGracePeriodHonoursTheRevocation() {
        Hist h = new Hist().at(0).call("c1", ACQUIRE)
                .at(10).invoke("admin", REVOKE, v("c1")).at(20).ok("admin", REVOKE, v("c1"))
                .at(120).invoke("c1", RELEASE);
        assertThat(cooperative.check(h.history()).isValid()).isTrue();
    }

    @Test
    void aHolderThatKeepsTheLockPastTheGracePeriodIsAViolation() {
        Hist h = new Hist().at(0).call("c1", ACQUIRE)
                .at(20).call("admin", REVOKE, v("c1"))
                .at(121).invoke("c1", RELEASE);
        CheckResult.Violation violation = (CheckResult.Violation) cooperative.check(h.history());
        assertThat(violation.time()).isEqualTo(Time.millis(120));
        assertThat(violation.explanation()).startsWith("c1 did not release by 0.12s after admin REVOKE ok c1 at 0.02s (#3)");
    }

    @Test
    void aHolderStillHoldingWhenTheHistoryEndsPastTheDeadlineIsAViolationButNotBefore() {
        Hist tooSoonToTell = new Hist().at(0).call("c1", ACQUIRE).at(20).call("admin", REVOKE, v("c1")).at(50).call("c2", ACQUIRE);
        Hist pastDeadline = new Hist().at(0).call("c1", ACQUIRE).at(20).call("admin", REVOKE, v("c1")).at(500).call("c2", ACQUIRE);
        assertThat(cooperative.check(tooSoonToTell.history()).isValid()).isTrue();
        assertThat(cooperative.check(pastDeadline.history()).isValid()).isFalse();
    }

    @Test
    void revokingSomeoneWhoDoesNotHoldTheLockAsksNothing() {
        Hist h = new Hist().at(0).call("c1", ACQUIRE).at(1).invoke("c1", RELEASE)
                .at(20).call("admin", REVOKE, v("c1")).at(900).call("c2", ACQUIRE);
        assertThat(cooperative.check(h.history()).isValid()).isTrue();
    }

    @Test
    void theForcedVariantAcceptsARevokerThatDeletesTheNodeInTime() {
        Hist forcedOut = new Hist().at(0).call("c1", ACQUIRE).at(20).call("admin", REVOKE, v("c1"))
                .at(160).call("admin", FORCED_RELEASE, v("c1")).at(900).invoke("c1", RELEASE);
        Hist forcedLate = new Hist().at(0).call("c1", ACQUIRE).at(20).call("admin", REVOKE, v("c1"))
                .at(171).call("admin", FORCED_RELEASE, v("c1")).at(900).invoke("c1", RELEASE);
        assertThat(forced.check(forcedOut.history()).isValid()).isTrue();
        assertThat(cooperative.check(forcedOut.history()).isValid()).isFalse();
        CheckResult.Violation late = (CheckResult.Violation) forced.check(forcedLate.history());
        assertThat(late.explanation()).startsWith("c1 neither released nor was forced out by 0.17s");
    }
}

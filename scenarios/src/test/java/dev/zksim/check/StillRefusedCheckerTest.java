package dev.zksim.check;

import static dev.zksim.history.OpKind.ACQUIRE;
import static dev.zksim.history.OpKind.LOST;
import static dev.zksim.history.OpKind.RELEASE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class StillRefusedCheckerTest {
    /** Heal at 10 ms, bound 5 ms: failures from 15 ms on are refusals. */
    private final StillRefusedChecker checker = StillRefusedChecker.acquisitions(List.of(ACQUIRE), 10_000, 5_000);

    @Test
    void aClientWhoseLastAcquisitionFailedAfterTheBoundWasRefusedForGood() {
        Hist h = new Hist().at(0).call("c1", ACQUIRE).call("c1", RELEASE)
                .at(16).invoke("c2", ACQUIRE).fail("c2", ACQUIRE);
        CheckResult.Violation violation = (CheckResult.Violation) checker.check(h.history());
        assertThat(violation.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(violation.explanation()).startsWith("c2 ACQUIRE fail at 0.016s");
    }

    @Test
    void failuresBeforeTheBoundOrFollowedByAGrantAreFine() {
        Hist early = new Hist().at(12).invoke("c2", ACQUIRE).fail("c2", ACQUIRE);
        assertThat(checker.check(early.history()).isValid()).isTrue();
        Hist grantedLater = new Hist().at(16).invoke("c2", ACQUIRE).fail("c2", ACQUIRE)
                .at(17).call("c2", ACQUIRE);
        assertThat(checker.check(grantedLater.history()).isValid()).isTrue();
    }

    @Test
    void anAcquisitionTheCallerGaveUpIsNoRefusal() {
        Hist h = new Hist().at(16).invoke("c2", ACQUIRE).invoke("c2", RELEASE).fail("c2", ACQUIRE).ok("c2", RELEASE);
        assertThat(checker.check(h.history()).isValid()).isTrue();
    }

    @Test
    void aLostSessionEndsTheWishUntilTheClientAsksAgain() {
        Hist h = new Hist().at(16).invoke("c2", ACQUIRE).fail("c2", ACQUIRE).ok("c2", LOST);
        assertThat(checker.check(h.history()).isValid()).isTrue();
    }
}

package dev.zksim.check;

import static dev.zksim.history.OpKind.ACQUIRE;
import static dev.zksim.history.OpKind.CRASHED;
import static dev.zksim.history.OpKind.RELEASE;
import static dev.zksim.history.OpKind.SUSPENDED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.FailureKind;
import org.junit.jupiter.api.Test;

class PermitCheckerTest {

    @Test
    void nHoldersAtOnceAreValidAndAHandOffInTheSameMicrosecondToo() {
        Hist h = new Hist().at(0).call("c1", ACQUIRE).call("c2", ACQUIRE)
                .at(10).invoke("c1", RELEASE).call("c3", ACQUIRE).ok("c1", RELEASE)
                .at(20).invoke("c2", RELEASE).invoke("c3", RELEASE);
        assertThat(new PermitChecker(2).check(h.history()).isValid()).isTrue();
    }

    @Test
    void aGrantBeyondNIsASafetyViolationNamingTheHoldsItOverlapped() {
        Hist h = new Hist().at(0).call("c1", ACQUIRE)
                .at(5).call("c2", ACQUIRE)
                .at(7).call("c3", ACQUIRE)
                .at(9).invoke("c1", RELEASE);
        CheckResult result = new PermitChecker(2).check(h.history());
        assertThat(result).isInstanceOf(CheckResult.Violation.class);
        CheckResult.Violation violation = (CheckResult.Violation) result;
        assertThat(violation.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThat(violation.time()).isEqualTo(7_000);
        assertThat(violation.explanation()).startsWith("c3 was granted a lease by c3 ACQUIRE ok at")
                .contains("while 2 of 2 were held").contains("c1 held ACQUIRE").contains("c2 held ACQUIRE");
        assertThat(violation.ops()).extracting(op -> op.process()).containsExactly("c1", "c2", "c3");
        assertThatThrownBy(result::throwIfViolated).hasMessageContaining("at most 2 lease holders");
    }

    @Test
    void aSuspendedOrCrashedHolderNoLongerCounts() {
        Hist h = new Hist().at(0).call("c1", ACQUIRE).call("c2", ACQUIRE)
                .at(5).ok("c1", SUSPENDED).ok("c2", CRASHED)
                .at(6).call("c3", ACQUIRE).call("c4", ACQUIRE);
        assertThat(new PermitChecker(2).check(h.history()).isValid()).isTrue();
        assertThat(new PermitChecker(1).check(h.history()).isValid()).isFalse();
    }

    @Test
    void aSemaphoreWithoutPermitsIsRefused() {
        assertThatThrownBy(() -> new PermitChecker(0)).isInstanceOf(IllegalArgumentException.class);
    }
}

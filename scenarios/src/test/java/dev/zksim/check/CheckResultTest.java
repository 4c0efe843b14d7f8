package dev.zksim.check;

import static dev.zksim.history.OpKind.ACQUIRE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.FailureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckResultTest {

    @Test
    void aViolationBecomesATypedFailureAtItsTime() {
        CheckResult result = CheckResult.safety("lock", 2_500_000, "two holders", List.of());
        assertThat(result.failure()).get().satisfies(failure -> {
            assertThat(failure.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
            assertThat(failure.time()).isEqualTo(2_500_000);
            assertThat(failure.getMessage()).isEqualTo("SAFETY_VIOLATION at 2.5s: lock: two holders");
        });
        assertThat(CheckResult.valid("lock").failure()).isEmpty();
    }

    @Test
    void checkersReportOnlySafetyOrLiveness() {
        assertThatThrownBy(() -> new CheckResult.Violation("x", FailureKind.NONDETERMINISM, 0, "?", List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void checkAllReturnsTheFirstViolationInOrder() {
        Hist h = new Hist().at(0).call("c1", ACQUIRE).at(1).call("c2", ACQUIRE);
        List<Checker> checkers = List.of(new FencingChecker(), ExclusionChecker.locks(), ExclusionChecker.leaders());
        assertThat(Checker.checkAll(h.history(), checkers).checker()).isEqualTo("mutual exclusion (believed)");
        assertThat(Checker.checkAll(h.history(), List.of(new FencingChecker())).isValid()).isTrue();
    }
}

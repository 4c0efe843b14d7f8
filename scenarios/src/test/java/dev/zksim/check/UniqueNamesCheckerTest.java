package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.OpKind;
import dev.zksim.kernel.FailureKind;
import org.junit.jupiter.api.Test;

/** Every name is handed out at most once, across processes. */
class UniqueNamesCheckerTest {

    @Test
    void distinctNamesAreValid() {
        Hist hist = new Hist().at(1).call("c1", OpKind.ALLOCATE, v("/names/n-1")).at(2).call("c2", OpKind.ALLOCATE, v("/names/n-2"));
        assertThat(new UniqueNamesChecker().check(hist.history()).isValid()).isTrue();
        assertThat(new UniqueNamesChecker().name()).isEqualTo("unique names");
    }

    @Test
    void oneNameHandedToTwoClientsIsAViolationNamingBothGrants() {
        Hist hist = new Hist().at(1).call("c1", OpKind.ALLOCATE, v("/names/n-1"))
                .at(2).call("c2", OpKind.ALLOCATE, v("/names/n-1"));
        CheckResult.Violation violation = (CheckResult.Violation) new UniqueNamesChecker().check(hist.history());
        assertThat(violation.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThat(violation.time()).isEqualTo(2_000);
        assertThat(violation.explanation()).contains("was already handed out: ");
        assertThat(violation.ops()).containsExactly(hist.op(1), hist.op(3));
    }

    @Test
    void onlyAllocateCompletionsCount() {
        // Invocations carry the requested prefix, and other kinds may repeat a path freely.
        Hist hist = new Hist().at(1).call("c1", OpKind.ALLOCATE, v("/names/n-1"))
                .invoke("c2", OpKind.ALLOCATE, v("/names/n-1"))
                .call("c3", OpKind.ACQUIRE, v("/names/n-1"));
        assertThat(new UniqueNamesChecker().check(hist.history()).isValid()).isTrue();
    }
}

package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.OpKind;
import dev.zksim.kernel.FailureKind;
import org.junit.jupiter.api.Test;

/** No lost update: no two acknowledged increments wrote the same value. */
class IncrementCheckerTest {
    private static final OpKind INCREMENT = OpKind.of("INCREMENT");

    @Test
    void incrementsThatWroteDistinctValuesAreValid() {
        Hist hist = new Hist().at(1).call("c1", INCREMENT, v(1)).at(2).call("c2", INCREMENT, v(2));
        assertThat(new IncrementChecker(INCREMENT).check(hist.history()).isValid()).isTrue();
        assertThat(new IncrementChecker(INCREMENT).name()).isEqualTo("no lost update");
    }

    @Test
    void twoAcknowledgedIncrementsThatWroteTheSameValueLostOne() {
        Hist hist = new Hist().at(1).call("c1", INCREMENT, v(1)).at(2).call("c2", INCREMENT, v(2))
                .at(3).call("c3", INCREMENT, v(2));
        CheckResult.Violation violation = (CheckResult.Violation) new IncrementChecker(INCREMENT).check(hist.history());
        assertThat(violation.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThat(violation.time()).isEqualTo(3_000);
        assertThat(violation.explanation()).isEqualTo(hist.op(3).describe() + " and " + hist.op(5).describe()
                + " both wrote 2: one increment was lost");
        assertThat(violation.ops()).containsExactly(hist.op(3), hist.op(5));
    }

    @Test
    void onlyAcknowledgedIncrementsCount() {
        // An invocation, a failed or uncertain increment, and another kind may repeat a value.
        Hist hist = new Hist().at(1).call("c1", INCREMENT, v(1))
                .invoke("c2", INCREMENT, v(1)).fail("c2", INCREMENT)
                .invoke("c3", INCREMENT, v(1)).add("c3", dev.zksim.history.OpType.INFO, INCREMENT, v(1))
                .call("c4", OpKind.ENQUEUE, v(1));
        assertThat(new IncrementChecker(INCREMENT).check(hist.history()).isValid()).isTrue();
    }
}

package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.history.Value;
import dev.zksim.kernel.FailureKind;
import org.junit.jupiter.api.Test;

/** Exactly once, the published address: each rule with a history that keeps it and one that breaks it. */
class RendezvousCheckerTest {
    private static final Value NODE = v("/r");
    private static final Value A = Value.tuple(v("/r"), v("a"));
    private static final Value B = Value.tuple(v("/r"), v("b"));

    private static CheckResult check(Hist hist) {
        return new RendezvousChecker().check(hist.history());
    }

    private static CheckResult.Violation violation(Hist hist) {
        CheckResult result = check(hist);
        assertThat(result.isValid()).as("expected a violation").isFalse();
        CheckResult.Violation violation = (CheckResult.Violation) result;
        assertThat(violation.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        return violation;
    }

    @Test
    void theClientProceedingWithTheAddressThatLandedIsValid() {
        Hist hist = new Hist().at(1).call("w1", OpKind.PUBLISH, A)
                .at(2).invoke("c", OpKind.RENDEZVOUS, Value.tuple(NODE)).at(3).ok("c", OpKind.RENDEZVOUS, A);
        assertThat(check(hist).isValid()).isTrue();
        assertThat(new RendezvousChecker().name()).isEqualTo("rendezvous (exactly once, the published address)");
    }

    @Test
    void twoDifferentAddressesLandingInOneNodeIsAViolation() {
        Hist hist = new Hist().at(1).call("w1", OpKind.PUBLISH, A).at(2).call("w2", OpKind.PUBLISH, B);
        CheckResult.Violation violation = violation(hist);
        assertThat(violation.time()).isEqualTo(2_000);
        assertThat(violation.explanation()).startsWith("two addresses landed in ");
        assertThat(violation.ops()).containsExactly(hist.op(1), hist.op(3));
    }

    @Test
    void theSameAddressConfirmedTwiceOrAddressesInTwoNodesAreValid() {
        Value other = Value.tuple(v("/s"), v("b"));
        Hist hist = new Hist().at(1).call("w1", OpKind.PUBLISH, A).at(2).call("w1", OpKind.PUBLISH, A)
                .at(3).call("w2", OpKind.PUBLISH, other)
                .at(4).invoke("c", OpKind.RENDEZVOUS, Value.tuple(NODE)).ok("c", OpKind.RENDEZVOUS, A)
                .at(5).invoke("d", OpKind.RENDEZVOUS, Value.tuple(v("/s"))).ok("d", OpKind.RENDEZVOUS, other);
        assertThat(check(hist).isValid()).isTrue();
    }

    @Test
    void aPublishThatFailedDoesNotLand() {
        Hist hist = new Hist().at(1).call("w1", OpKind.PUBLISH, A)
                .at(2).invoke("w2", OpKind.PUBLISH, B).add("w2", OpType.FAIL, OpKind.PUBLISH, B);
        assertThat(check(hist).isValid()).isTrue();
    }

    @Test
    void proceedingTwiceOnOneNodeIsAViolation() {
        Hist hist = new Hist().at(1).call("w1", OpKind.PUBLISH, A)
                .at(2).invoke("c", OpKind.RENDEZVOUS, Value.tuple(NODE)).ok("c", OpKind.RENDEZVOUS, A)
                .at(3).invoke("c", OpKind.RENDEZVOUS, Value.tuple(NODE)).ok("c", OpKind.RENDEZVOUS, A);
        CheckResult.Violation violation = violation(hist);
        assertThat(violation.time()).isEqualTo(3_000);
        assertThat(violation.explanation()).startsWith("the client proceeded twice on ");
        assertThat(violation.ops()).containsExactly(hist.op(3), hist.op(5));
    }

    @Test
    void aRendezvousThatFailedIsNotProceeding() {
        Hist hist = new Hist().at(1).call("w1", OpKind.PUBLISH, A)
                .at(2).invoke("c", OpKind.RENDEZVOUS, Value.tuple(NODE)).add("c", OpType.FAIL, OpKind.RENDEZVOUS, B)
                .at(3).invoke("c", OpKind.RENDEZVOUS, Value.tuple(NODE)).ok("c", OpKind.RENDEZVOUS, A);
        assertThat(check(hist).isValid()).isTrue();
    }

    @Test
    void proceedingWithAnotherAddressThanTheOneThatLandedIsAViolation() {
        Hist hist = new Hist().at(1).call("w1", OpKind.PUBLISH, A).at(2).invoke("w2", OpKind.PUBLISH, B)
                .at(3).invoke("c", OpKind.RENDEZVOUS, Value.tuple(NODE)).ok("c", OpKind.RENDEZVOUS, B);
        CheckResult.Violation violation = violation(hist);
        assertThat(violation.time()).isEqualTo(3_000);
        assertThat(violation.explanation()).contains("proceeded with another address than the one that landed: ");
        assertThat(violation.ops()).containsExactly(hist.op(4));
    }

    @Test
    void withNothingKnownToHaveLandedAnAddressPublishedBeforeIsValid() {
        // The worker's reply was lost (no completion), but its address may have landed.
        Hist hist = new Hist().at(1).invoke("w1", OpKind.PUBLISH, A)
                .at(3).invoke("c", OpKind.RENDEZVOUS, Value.tuple(NODE)).ok("c", OpKind.RENDEZVOUS, A);
        assertThat(check(hist).isValid()).isTrue();
        // Nor does an outcome the worker could not learn (INFO) mean it lost.
        Hist unknown = new Hist().at(1).invoke("w1", OpKind.PUBLISH, A).add("w1", OpType.INFO, OpKind.PUBLISH, A)
                .at(3).invoke("c", OpKind.RENDEZVOUS, Value.tuple(NODE)).ok("c", OpKind.RENDEZVOUS, A);
        assertThat(check(unknown).isValid()).isTrue();
    }

    @Test
    void proceedingWithAnAddressWhoseWorkerWasToldItLostIsAViolation() {
        Hist hist = new Hist().at(1).invoke("w1", OpKind.PUBLISH, A).add("w1", OpType.FAIL, OpKind.PUBLISH, A)
                .at(3).invoke("c", OpKind.RENDEZVOUS, Value.tuple(NODE)).ok("c", OpKind.RENDEZVOUS, A);
        CheckResult.Violation violation = violation(hist);
        assertThat(violation.explanation()).contains("proceeded with an address whose worker was told it lost: ");
        assertThat(violation.ops()).containsExactly(hist.op(3));
    }

    @Test
    void proceedingWithAnAddressNobodyPublishedBeforeIsAViolation() {
        Hist hist = new Hist().at(1).invoke("w2", OpKind.PUBLISH, B)
                .at(2).invoke("c", OpKind.RENDEZVOUS, Value.tuple(NODE)).ok("c", OpKind.RENDEZVOUS, A)
                .at(3).invoke("w1", OpKind.PUBLISH, A);
        CheckResult.Violation violation = violation(hist);
        assertThat(violation.time()).isEqualTo(2_000);
        assertThat(violation.explanation()).endsWith("proceeded with an address no worker published to that node before");
    }
}

package dev.zksim.recipes.barrier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.recipes.barrier.BarrierDecision.Check;
import dev.zksim.recipes.barrier.BarrierDecision.Next;
import org.junit.jupiter.api.Test;

class BarrierDecisionTest {

    @Test
    void aWaiterPassesOnlyWhenTheNodeIsGone() {
        assertThat(BarrierDecision.onCheck(new Check.Absent())).isEqualTo(new Next.Pass());
        assertThat(BarrierDecision.onCheck(new Check.Present())).isEqualTo(new Next.Wait());
    }

    @Test
    void everyFailureCodeEitherRetriesOrFailsAndNeverPasses() {
        for (Code code : Code.values()) {
            Next next = BarrierDecision.onCheck(new Check.Failed(code));
            if (code == Code.CONNECTIONLOSS || code == Code.OPERATIONTIMEOUT) {
                assertThat(next).as(code.name()).isEqualTo(new Next.Retry());
            } else {
                assertThat(next).as(code.name()).isEqualTo(new Next.Fail(code));
            }
        }
    }

    @Test
    void raiseAndLiftTreatTheirSettledCodeAsDone() {
        assertThat(BarrierDecision.onCoordinatorWrite(null, Code.NODEEXISTS)).isEqualTo(new Next.Pass());
        assertThat(BarrierDecision.onCoordinatorWrite(Code.NODEEXISTS, Code.NODEEXISTS)).isEqualTo(new Next.Pass());
        assertThat(BarrierDecision.onCoordinatorWrite(Code.NONODE, Code.NONODE)).isEqualTo(new Next.Pass());
        assertThat(BarrierDecision.onCoordinatorWrite(Code.NONODE, Code.NODEEXISTS)).isEqualTo(new Next.Fail(Code.NONODE));
        assertThat(BarrierDecision.onCoordinatorWrite(Code.CONNECTIONLOSS, Code.NONODE)).isEqualTo(new Next.Retry());
        assertThat(BarrierDecision.onCoordinatorWrite(Code.SESSIONEXPIRED, Code.NONODE))
                .isEqualTo(new Next.Fail(Code.SESSIONEXPIRED));
    }
}

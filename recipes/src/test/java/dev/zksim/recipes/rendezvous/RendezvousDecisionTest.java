package dev.zksim.recipes.rendezvous;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.recipes.rendezvous.RendezvousDecision.Next;
import dev.zksim.recipes.rendezvous.RendezvousDecision.Read;
import org.junit.jupiter.api.Test;

class RendezvousDecisionTest {
    private static final byte[] MINE = {7};

    @Test
    void theWaiterProceedsOnlyOnANonEmptyAddress() {
        assertThat(RendezvousDecision.onRead(new Read.Data(null))).isEqualTo(new Next.Wait());
        assertThat(RendezvousDecision.onRead(new Read.Data(new byte[0]))).isEqualTo(new Next.Wait());
        assertThat(RendezvousDecision.onRead(new Read.Data(MINE))).isInstanceOf(Next.Proceed.class);
        for (Code code : Code.values()) {
            Next next = RendezvousDecision.onRead(new Read.Failed(code));
            boolean recoverable = code == Code.CONNECTIONLOSS || code == Code.OPERATIONTIMEOUT;
            assertThat(next).as(code.name()).isEqualTo(recoverable ? new Next.Retry() : new Next.Fail(code));
        }
    }

    @Test
    void aPublisherRecognisesItsOwnLandedWriteAfterALostReply() {
        assertThat(RendezvousDecision.onPublish(null, MINE, null)).isInstanceOf(Next.Proceed.class);
        assertThat(RendezvousDecision.onPublish(Code.CONNECTIONLOSS, MINE, null)).isEqualTo(new Next.Retry());
        assertThat(RendezvousDecision.onPublish(Code.BADVERSION, MINE, null)).isEqualTo(new Next.Wait());
        assertThat(RendezvousDecision.onPublish(Code.BADVERSION, MINE, new byte[] {7})).isInstanceOf(Next.Proceed.class);
        assertThat(RendezvousDecision.onPublish(Code.BADVERSION, MINE, new byte[] {8})).isEqualTo(new Next.Fail(Code.BADVERSION));
        assertThat(RendezvousDecision.onPublish(Code.NONODE, MINE, null)).isEqualTo(new Next.Fail(Code.NONODE));
    }
}

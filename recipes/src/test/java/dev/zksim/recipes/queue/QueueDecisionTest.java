package dev.zksim.recipes.queue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.recipes.queue.QueueDecision.Claim;
import dev.zksim.recipes.queue.QueueDecision.Next;
import dev.zksim.recipes.queue.QueueDecision.Offer;
import java.util.List;
import org.junit.jupiter.api.Test;

class QueueDecisionTest {
    private static boolean recoverable(Code code) {
        return code == Code.CONNECTIONLOSS || code == Code.OPERATIONTIMEOUT;
    }

    @Test
    void anOfferIsInOnceItsRecordExists() {
        assertThat(QueueDecision.afterOffer(null)).isEqualTo(new Offer.Enqueued());
        for (Code code : Code.values()) {
            Offer expected = code == Code.NODEEXISTS ? new Offer.Enqueued()
                    : recoverable(code) ? new Offer.Retry() : new Offer.Fail(code);
            assertThat(QueueDecision.afterOffer(code)).as(code.name()).isEqualTo(expected);
        }
    }

    @Test
    void aClaimAfterALostReplyAsksTheTakerRecordInsteadOfGivingUp() {
        assertThat(QueueDecision.afterClaim(null, false)).isEqualTo(new Claim.Won());
        assertThat(QueueDecision.afterClaim(null, true)).isEqualTo(new Claim.Won());
        for (Code code : Code.values()) {
            boolean gone = code == Code.NONODE || code == Code.NODEEXISTS;
            assertThat(QueueDecision.afterClaim(code, false)).as(code.name())
                    .isEqualTo(gone ? new Claim.Gone() : recoverable(code) ? new Claim.Retry() : new Claim.Fail(code));
            assertThat(QueueDecision.afterClaim(code, true)).as(code.name())
                    .isEqualTo(gone ? new Claim.CheckTaker() : recoverable(code) ? new Claim.Retry() : new Claim.Fail(code));
        }
    }

    @Test
    void theTakerRecordDecidesWhoWon() {
        byte[] me = {1, 2};
        assertThat(QueueDecision.afterTakerRead(new byte[] {1, 2}, me)).isEqualTo(new Claim.Won());
        assertThat(QueueDecision.afterTakerRead(new byte[] {1, 3}, me)).isEqualTo(new Claim.Gone());
        assertThat(QueueDecision.afterTakerRead(null, me)).isEqualTo(new Claim.Gone());
    }

    @Test
    void theConsumerTakesFromItsCacheAndRelistsOnlyWhenUsedUpOrStale() {
        assertThat(QueueDecision.next(List.of("a", "b"), false)).isEqualTo(new Next.Take("a"));
        assertThat(QueueDecision.next(List.of("a", "b"), true)).isEqualTo(new Next.Relist());
        assertThat(QueueDecision.next(List.of(), false)).isEqualTo(new Next.Relist());
        assertThat(QueueDecision.next(List.of(), true)).isEqualTo(new Next.Relist());
    }

    @Test
    void fifoOrdersByTheCounterAndIgnoresOtherChildren() {
        List<String> children = List.of("queue-0000000010", "queue-0000000002", "other-0000000001", "queue-x", "queue-0000000007");
        assertThat(ItemOrder.FIFO.order(children)).containsExactly("queue-0000000002", "queue-0000000007", "queue-0000000010");
        assertThat(ItemOrder.FIFO.dropCacheOnChange()).isFalse();
    }
}

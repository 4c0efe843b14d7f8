package dev.zksim.recipes.queue;

import dev.zksim.api.KeeperException.Code;
import java.util.Arrays;
import java.util.List;

/** The pure decisions of the queue's producer and consumer loops. */
public final class QueueDecision {

    private QueueDecision() {
    }

    /** What a producer does after its enqueue multi answered. */
    public sealed interface Offer {
        /** The item is in the queue (now, or by an earlier attempt whose reply was lost). */
        record Enqueued() implements Offer {
        }

        /** The attempt may not have been applied: send the same multi again. */
        record Retry() implements Offer {
        }

        record Fail(Code code) implements Offer {
        }
    }

    /** What a consumer does next with its cached list. */
    public sealed interface Next {
        /** Try to take this item. */
        record Take(String item) implements Next {
        }

        /** List the queue again (with a child watch). */
        record Relist() implements Next {
        }
    }

    /** What a consumer does after its claim (delete the item, record the taker) answered. */
    public sealed interface Claim {
        record Won() implements Claim {
        }

        /** Another consumer took the item: move on to the next one. */
        record Gone() implements Claim {
        }

        /** An earlier attempt's reply was lost: read the taker record to learn who won. */
        record CheckTaker() implements Claim {
        }

        record Retry() implements Claim {
        }

        record Fail(Code code) implements Claim {
        }
    }

    /**
     * The enqueue multi is (create the item, create the producer's offer record). The record
     * existing (NodeExists) can only mean an earlier attempt was applied, so the item is in.
     */
    public static Offer afterOffer(Code error) {
        if (error == null || error == Code.NODEEXISTS) {
            return new Offer.Enqueued();
        }
        return isRecoverable(error) ? new Offer.Retry() : new Offer.Fail(error);
    }

    /** The consumer takes from its cached list and re-lists only when it is used up or stale. */
    public static Next next(List<String> cached, boolean stale) {
        return stale || cached.isEmpty() ? new Next.Relist() : new Next.Take(cached.getFirst());
    }

    /**
     * The claim multi is (delete the item, create the taker record). NoNode means the item is
     * gone: taken by another consumer, unless an earlier attempt of ours was applied and its
     * reply lost, which only the taker record can tell.
     */
    public static Claim afterClaim(Code error, boolean earlierReplyLost) {
        if (error == null) {
            return new Claim.Won();
        }
        if (error == Code.NONODE || error == Code.NODEEXISTS) {
            return earlierReplyLost ? new Claim.CheckTaker() : new Claim.Gone();
        }
        return isRecoverable(error) ? new Claim.Retry() : new Claim.Fail(error);
    }

    /** The taker record names the consumer that won; a missing one means someone else did. */
    public static Claim afterTakerRead(byte[] taker, byte[] me) {
        return taker != null && Arrays.equals(taker, me) ? new Claim.Won() : new Claim.Gone();
    }

    private static boolean isRecoverable(Code code) {
        return code == Code.CONNECTIONLOSS || code == Code.OPERATIONTIMEOUT;
    }
}

package dev.zksim.testkit;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The contract of a distributed queue under test, FIFO or by priority. One instance is one
 * client's handle on the queue; producers offer, consumers take one item at a time. After
 * its session is lost the workload opens a new session and goes on with the same instance.
 */
public interface QueueUnderTest {

    /** How often an offered item may be taken, as the queue declares. */
    enum Delivery {
        /** Every acknowledged item is taken once, no item twice. */
        EXACTLY_ONCE,
        /** Every acknowledged item is taken, some perhaps twice. */
        AT_LEAST_ONCE,
        /** No item is taken twice, some perhaps never. */
        AT_MOST_ONCE
    }

    /** In what order items are served, as the queue declares. */
    enum Order {
        /** Oldest first. */
        FIFO,
        /** Lowest priority number first (0 is the most urgent), oldest first among equals. */
        PRIORITY
    }

    /** Offers an item (a short unique text); the priority (0..9) is ignored by a FIFO queue. */
    CompletionStage<Void> offer(String item, int priority);

    /** Takes the next item, waiting for one while the queue is empty; completes with the item's text. */
    CompletionStage<String> take();

    /**
     * Gives up the take under way, as a caller that timed out or was cancelled does; the
     * workload calls it in some seeds while a take is pending. The take's stage must then
     * complete: with a {@link java.util.concurrent.CancellationException} if no item was
     * taken, or with the item if one already was (a claim that was in flight and won); the
     * caller then keeps that item. An abandoned take must never lose an item: one whose node
     * is gone but whose take reported cancellation is lost, and the queue's delivery check
     * says so. The default does nothing, and the take goes on until it has an item.
     */
    default void cancelTake() {
    }

    /**
     * Whether a consumer holds each item it took locked while it processes it, and the item
     * leaves the queue only once {@link #processed} says so: at-least-once delivery that
     * survives a consumer dying half-way (Curator's DistributedQueue with a lock path). The
     * workload then processes each taken item for a while and calls {@link #processed}; an
     * item counts as delivered only once processed, and a consumer whose session is lost while
     * it processes gives the item up unprocessed, for another consumer to take. The default is
     * false: an item is delivered when {@link #take} returns it.
     */
    default boolean locksWhileProcessing() {
        return false;
    }

    /**
     * The caller processed the item {@link #take} returned (its text): a queue that
     * {@link #locksWhileProcessing} removes it now, with its lock. The default does nothing.
     */
    default CompletionStage<Void> processed(String item) {
        return CompletableFuture.completedFuture(null);
    }

    /** Builds one client's handle on the queue. */
    @FunctionalInterface
    interface Factory {
        QueueUnderTest create(TestClient client);
    }
}

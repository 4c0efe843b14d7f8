package dev.zksim.testkit;

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

    /** Builds one client's handle on the queue. */
    @FunctionalInterface
    interface Factory {
        QueueUnderTest create(TestClient client);
    }
}

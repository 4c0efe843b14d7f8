package dev.zksim.recipes.priorityqueue;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.queue.DistributedQueue;
import java.util.concurrent.CompletionStage;

/**
 * A priority queue on node {@code q} (recipes page, "Priority Queue"): producers create
 * {@code q/queue-<PP>-} PERSISTENT_SEQUENTIAL with the priority in the name; consumers list
 * with a watch, take the most urgent item present, and drop their cached list whenever the
 * watch fires, because the new child may be more urgent than everything cached. Enqueue and
 * claim are the FIFO queue's ledger-protected multis, so a lost reply neither duplicates nor
 * drops an item. One take at a time; nothing here blocks.
 */
public final class DistributedPriorityQueue {
    private final DistributedQueue queue;

    public DistributedPriorityQueue(ZooKeeperClient zk, String path, String clientId) {
        this.queue = new DistributedQueue(zk, path, clientId, new PriorityOrder());
    }

    /** Creates the queue and ledger nodes if they are missing. */
    public CompletionStage<Void> ensure() {
        return queue.ensure();
    }

    /** Enqueues an item; priority 0 is taken first, 99 last. */
    public CompletionStage<Void> offer(byte[] data, int priority) {
        return queue.offer(PriorityOrder.prefixFor(priority), data);
    }

    /** The most urgent item present, waiting for one if the queue is empty. */
    public CompletionStage<DistributedQueue.Item> take() {
        return queue.take();
    }

    /** Gives up the take under way; see {@link DistributedQueue#cancelTake}. */
    public void cancelTake() {
        queue.cancelTake();
    }
}

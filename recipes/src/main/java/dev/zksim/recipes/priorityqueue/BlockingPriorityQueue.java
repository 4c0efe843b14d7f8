package dev.zksim.recipes.priorityqueue;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.queue.DistributedQueue;
import dev.zksim.recipes.support.BlockingAwait;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * A blocking facade over {@link DistributedPriorityQueue} for application threads on a real
 * ZooKeeper. It parks the calling thread, so it must never run inside a simulation.
 */
public final class BlockingPriorityQueue {
    private final DistributedPriorityQueue queue;

    public BlockingPriorityQueue(ZooKeeperClient zk, String path, String clientId) {
        this.queue = new DistributedPriorityQueue(zk, path, clientId);
    }

    public void ensure(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        BlockingAwait.await(queue.ensure(), timeout);
    }

    public void offer(byte[] data, int priority, Duration timeout)
            throws KeeperException, InterruptedException, TimeoutException {
        BlockingAwait.await(queue.offer(data, priority), timeout);
    }

    public DistributedQueue.Item take(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        return BlockingAwait.await(queue.take(), timeout);
    }
}

package dev.zksim.recipes.queue;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.BlockingAwait;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * A blocking facade over {@link DistributedQueue} for application threads on a real
 * ZooKeeper. It parks the calling thread, so it must never run inside a simulation.
 */
public final class BlockingQueue {
    private final DistributedQueue queue;

    public BlockingQueue(ZooKeeperClient zk, String path, String clientId) {
        this.queue = new DistributedQueue(zk, path, clientId);
    }

    public void ensure(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        BlockingAwait.await(queue.ensure(), timeout);
    }

    public void offer(byte[] data, Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        BlockingAwait.await(queue.offer(data), timeout);
    }

    /** Blocks until an item is taken; a timeout leaves the take running (the next take fails). */
    public DistributedQueue.Item take(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        return BlockingAwait.await(queue.take(), timeout);
    }
}

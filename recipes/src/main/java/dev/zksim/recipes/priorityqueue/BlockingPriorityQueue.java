package dev.zksim.recipes.priorityqueue;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.recipes.queue.DistributedQueue;
import dev.zksim.recipes.support.Stages;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A blocking facade over {@link DistributedPriorityQueue} for application threads on a real
 * ZooKeeper. It parks the calling thread, so it must never run inside a simulation.
 */
@SuppressForbidden("blocks an application thread on a real cluster; simulations use DistributedPriorityQueue directly")
public final class BlockingPriorityQueue {
    private final DistributedPriorityQueue queue;

    public BlockingPriorityQueue(ZooKeeperClient zk, String path, String clientId) {
        this.queue = new DistributedPriorityQueue(zk, path, clientId);
    }

    public void ensure(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        await(queue.ensure(), timeout);
    }

    public void offer(byte[] data, int priority, Duration timeout)
            throws KeeperException, InterruptedException, TimeoutException {
        await(queue.offer(data, priority), timeout);
    }

    public DistributedQueue.Item take(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        return await(queue.take(), timeout);
    }

    private static <T> T await(CompletionStage<T> stage, Duration timeout)
            throws KeeperException, InterruptedException, TimeoutException {
        try {
            return stage.toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException failure) {
            Throwable cause = Stages.unwrap(failure.getCause());
            if (cause instanceof KeeperException keeper) {
                throw keeper;
            }
            throw new IllegalStateException("recipe failed", cause);
        }
    }
}

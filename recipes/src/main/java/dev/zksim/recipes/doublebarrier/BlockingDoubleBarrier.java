package dev.zksim.recipes.doublebarrier;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.recipes.support.Stages;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A blocking facade over {@link DoubleBarrier} for application threads on a real ZooKeeper.
 * It parks the calling thread, so it must never run inside a simulation.
 */
@SuppressForbidden("blocks an application thread on a real cluster; simulations use DoubleBarrier directly")
public final class BlockingDoubleBarrier {
    private final DoubleBarrier barrier;

    public BlockingDoubleBarrier(ZooKeeperClient zk, String path, String name, int threshold) {
        this.barrier = new DoubleBarrier(zk, path, name, threshold);
    }

    public void enter(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        await(barrier.enter(), timeout);
    }

    public void leave(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        await(barrier.leave(), timeout);
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

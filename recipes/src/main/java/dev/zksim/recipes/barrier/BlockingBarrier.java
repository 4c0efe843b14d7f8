package dev.zksim.recipes.barrier;

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
 * A blocking facade over {@link Barrier} for application threads talking to a real
 * ZooKeeper. It must never run inside a simulation: it parks the calling thread.
 */
@SuppressForbidden("blocks an application thread on a real cluster; simulations use Barrier directly")
public final class BlockingBarrier {
    private final Barrier barrier;

    public BlockingBarrier(ZooKeeperClient zk, String path) {
        this.barrier = new Barrier(zk, path);
    }

    public void raise(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        await(barrier.raise(), timeout);
    }

    public void lift(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        await(barrier.lift(), timeout);
    }

    /** Blocks until the barrier is down, the session ends, or the timeout passes. */
    public void awaitLifted(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        await(barrier.awaitLifted(), timeout);
    }

    static <T> T await(CompletionStage<T> stage, Duration timeout)
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

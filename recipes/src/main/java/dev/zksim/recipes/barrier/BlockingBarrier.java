package dev.zksim.recipes.barrier;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.BlockingAwait;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * A blocking facade over {@link Barrier} for application threads talking to a real
 * ZooKeeper. It must never run inside a simulation: it parks the calling thread.
 */
public final class BlockingBarrier {
    private final Barrier barrier;

    public BlockingBarrier(ZooKeeperClient zk, String path) {
        this.barrier = new Barrier(zk, path);
    }

    public void raise(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        BlockingAwait.await(barrier.raise(), timeout);
    }

    public void lift(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        BlockingAwait.await(barrier.lift(), timeout);
    }

    /** Blocks until the barrier is down, the session ends, or the timeout passes. */
    public void awaitLifted(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        BlockingAwait.await(barrier.awaitLifted(), timeout);
    }
}

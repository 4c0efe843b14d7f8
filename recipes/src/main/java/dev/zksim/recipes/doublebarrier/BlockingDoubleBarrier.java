package dev.zksim.recipes.doublebarrier;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.BlockingAwait;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * A blocking facade over {@link DoubleBarrier} for application threads on a real ZooKeeper.
 * It parks the calling thread, so it must never run inside a simulation.
 */
public final class BlockingDoubleBarrier {
    private final DoubleBarrier barrier;

    public BlockingDoubleBarrier(ZooKeeperClient zk, String path, String name, int threshold) {
        this.barrier = new DoubleBarrier(zk, path, name, threshold);
    }

    public void enter(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        BlockingAwait.await(barrier.enter(), timeout);
    }

    public void leave(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        BlockingAwait.await(barrier.leave(), timeout);
    }
}

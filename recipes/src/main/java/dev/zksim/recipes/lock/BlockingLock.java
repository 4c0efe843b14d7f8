package dev.zksim.recipes.lock;

import dev.zksim.recipes.support.BlockingAwait;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * A blocking facade over any {@link DistributedLock}, for use against a REAL ZooKeeper only:
 * it parks the calling thread, which inside a simulation would stop the one thread that runs
 * everything. The asynchronous lock underneath does all the work on the client's event thread.
 */
public final class BlockingLock {
    private final DistributedLock lock;

    public BlockingLock(DistributedLock lock) {
        this.lock = lock;
    }

    /**
     * Waits up to the timeout for the lock. On timeout or interruption the acquisition is
     * abandoned (its node deleted), so a late grant cannot leave a lock nobody uses.
     */
    public Grant acquire(Duration timeout) throws TimeoutException, InterruptedException, ExecutionException {
        try {
            return BlockingAwait.get(lock.acquire(), timeout);
        } catch (TimeoutException | InterruptedException e) {
            lock.release();
            throw e;
        }
    }

    /** Releases and waits up to the timeout for the node's deletion to be confirmed. */
    public void release(Duration timeout) throws TimeoutException, InterruptedException, ExecutionException {
        BlockingAwait.get(lock.release(), timeout);
    }

    public DistributedLock lock() {
        return lock;
    }
}

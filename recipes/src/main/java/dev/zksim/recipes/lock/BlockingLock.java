package dev.zksim.recipes.lock;

import dev.zksim.kernel.SuppressForbidden;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A blocking facade over any {@link DistributedLock}, for use against a REAL ZooKeeper only:
 * it parks the calling thread, which inside a simulation would stop the one thread that runs
 * everything. The asynchronous lock underneath does all the work on the client's event thread.
 */
@SuppressForbidden("blocks a caller's thread with a wall-clock timeout; used only against a real cluster")
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
            return lock.acquire().toCompletableFuture().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | InterruptedException e) {
            lock.release();
            throw e;
        }
    }

    /** Releases and waits up to the timeout for the node's deletion to be confirmed. */
    public void release(Duration timeout) throws TimeoutException, InterruptedException, ExecutionException {
        lock.release().toCompletableFuture().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    public DistributedLock lock() {
        return lock;
    }
}

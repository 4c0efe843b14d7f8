package dev.zksim.recipes.lock;

import dev.zksim.recipes.support.HolderState;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * What every lock of this package offers, the herd-free recipe and its contrast and canary
 * variants alike, so a workload and a test can drive any of them.
 */
public interface DistributedLock {

    /**
     * Starts an acquisition. The stage completes with the grant once the lock is held, or
     * fails if the node or session is lost first (a KeeperException) or if {@link #release}
     * is called first (a CancellationException). Throws IllegalStateException if this lock is
     * already acquiring or holding.
     */
    CompletionStage<Grant> acquire();

    /**
     * Gives the lock up, or abandons a pending acquisition: the caller stops being the holder
     * at once, and the stage completes once the node is deleted (or known to be gone).
     */
    CompletionStage<Void> release();

    HolderState state();

    /** The current grant while HELD or SUSPENDED. */
    Optional<Grant> grant();

    /** How many node-watch notifications this lock has received: the herd-effect measure. */
    long watchNotifications();
}

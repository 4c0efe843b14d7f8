package dev.zksim.testkit;

import java.util.concurrent.CompletionStage;

/**
 * The contract of an exclusive lock (and of either side of a read/write lock, and of one
 * permit of a semaphore) under test. One instance is one caller's handle on the lock: the
 * workload acquires, holds for a while, releases, and does it again, on the same instance,
 * also across a session expiry.
 */
public interface LockUnderTest {

    /**
     * Starts an acquisition. The stage completes once the caller holds the lock, with the
     * grant's fencing token: a number that grows with each grant of the lock, such as the
     * czxid of the lock node (0 if the recipe has none, which disables the fencing check).
     * It fails if the lock cannot be acquired (the session was lost) or if {@link #release}
     * was called first.
     */
    CompletionStage<Long> acquire();

    /**
     * Gives the lock up, or abandons an acquisition in progress: the caller stops being the
     * holder at once, and the stage completes when the recipe's cleanup is done.
     */
    CompletionStage<Void> release();

    /**
     * Whether the lock is re-entrant, as Curator's InterProcessMutex and either side of its
     * InterProcessReadWriteLock are: its holder may acquire it again on the same instance, the
     * nested acquire completes with the token of the grant it holds, and every acquire needs a
     * release of its own; only the release that matches the first acquire lets the lock go.
     * The workload then nests an acquire and a release in some holds (REENTER and REEXIT in
     * the history) and goes on believing it holds the lock until its outer release, so a lock
     * that lets go at the nested release is seen granting it to another holder meanwhile. A
     * {@code released} event during the nested release is taken as part of it. The default is
     * false: the workload never acquires a lock it holds.
     */
    default boolean reentrant() {
        return false;
    }

    /** Builds one caller's lock on a client; the events are how the lock reports unasked. */
    @FunctionalInterface
    interface Factory {
        LockUnderTest create(TestClient client, HolderEvents events);
    }
}

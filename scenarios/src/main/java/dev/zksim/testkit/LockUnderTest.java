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

    /** Builds one caller's lock on a client; the events are how the lock reports unasked. */
    @FunctionalInterface
    interface Factory {
        LockUnderTest create(TestClient client, HolderEvents events);
    }
}

package dev.zksim.official.testkit;

/**
 * An exclusive lock (or one lease of a semaphore) written with the official client's
 * blocking API, as the testkit drives it: one instance is one caller's handle on the lock, used for many rounds, also across a
 * session expiry. Each call runs on a simulated thread of its own and may block.
 */
public interface BlockingLock {

    /**
     * Blocks until the caller holds the lock and returns the grant's fencing token (a number
     * that grows with every grant, such as the czxid of the lock node; 0 if the lock has
     * none). To give up waiting, the testkit interrupts the thread blocked here: the lock
     * must then withdraw its request and throw {@code InterruptedException}, as
     * {@code Lock.lockInterruptibly} does. Any exception means the lock was not acquired.
     */
    long acquire() throws Exception;

    /** Gives the lock up; called only after {@link #acquire} returned. */
    void release() throws Exception;

    /** Builds one caller's lock on a simulated client. */
    @FunctionalInterface
    interface Factory {
        BlockingLock create(OfficialClient client);
    }

    /** Builds one caller's lease on a semaphore of {@code permits} permits (a lock that N may hold). */
    @FunctionalInterface
    interface PermitFactory {
        BlockingLock create(OfficialClient client, int permits);
    }
}

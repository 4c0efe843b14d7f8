package dev.zksim.official.testkit;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.recipes.locks.InterProcessReadWriteLock;

/**
 * One side of a Curator {@code InterProcessReadWriteLock}, as the mutex the testkit's lock
 * adapter drives. Both sides are {@code InterProcessMutex}es, so the adapter reads the
 * fencing token from the holder's node as it does for a plain mutex.
 *
 * <p>The sides are taken reflectively: Curator 5.9 declares {@code readLock()} to return its
 * own {@code ReadLock} class, Curator 5.2 an {@code InterProcessMutex}, and a call compiled
 * against one release names a method the other does not have.
 */
final class ReadWriteSides {

    private ReadWriteSides() {
    }

    /** The read side of a new lock on {@code path}. */
    static InterProcessMutex readLock(CuratorFramework curator, String path) {
        return side(new InterProcessReadWriteLock(curator, path), "readLock");
    }

    /** The write side of a new lock on {@code path}. */
    static InterProcessMutex writeLock(CuratorFramework curator, String path) {
        return side(new InterProcessReadWriteLock(curator, path), "writeLock");
    }

    /** The side {@code accessor} ("readLock" or "writeLock") of {@code lock}. */
    static InterProcessMutex side(InterProcessReadWriteLock lock, String accessor) {
        try {
            return (InterProcessMutex) InterProcessReadWriteLock.class.getMethod(accessor).invoke(lock);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this Curator's InterProcessReadWriteLock has no " + accessor + "()", e);
        }
    }
}

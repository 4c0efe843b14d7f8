package dev.zksim.recipes.lock;

import dev.zksim.recipes.support.HolderState;

/**
 * Hears every change of a lock's {@link HolderState}, on the thread that runs the client's
 * callbacks (the simulation thread, or ZooKeeper's event thread). It must not block.
 *
 * <p>HELD: the caller may act as the holder. SUSPENDED: the connection is down; the session
 * (and the lock node) may already be expired on the servers and the lock given to another
 * client, so the holder must stop acting as one at once. HELD follows again if the
 * connection comes back with the node intact. LOST: the node is gone (session expired, or
 * the node was deleted); the lock must be acquired anew. RELEASED: the caller gave it up.
 */
@FunctionalInterface
public interface LockListener {

    void stateChanged(HolderState state);

    /** Called once the lock node exists, with its full path, before the first listing. */
    default void nodeCreated(String path) {
    }

    /** A listener that ignores everything. */
    static LockListener none() {
        return state -> { };
    }
}

package dev.zksim.recipes.lock;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.ConnectionStates;

/**
 * CONTRAST VARIANT, kept to show the herd effect: the lock of the seed article, where every
 * waiter watches the LOWEST node instead of its predecessor ({@link LockRules#watchLowest}).
 * It is safe (every waiter re-lists after the event and only the lowest holds), but each
 * release wakes every waiter, and all of them list the directory again: n waiters cost
 * O(n) notifications and reads per handoff, O(n^2) to drain the queue.
 */
public final class LowestWatchLock extends ForwardingLock {

    public LowestWatchLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid,
            LockListener listener) {
        super(new SequentialLock(zk, connection, dir, guid, "lock", LockRules::watchLowest, true, listener));
    }
}

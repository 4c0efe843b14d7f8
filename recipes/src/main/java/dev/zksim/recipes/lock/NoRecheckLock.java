package dev.zksim.recipes.lock;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.ConnectionStates;

/**
 * CANARY, BROKEN ON PURPOSE: the exclusive lock without step 5's re-list. When the watched
 * predecessor is deleted, it takes the lock at once, as if the predecessor had been the
 * holder. That is wrong whenever the predecessor was itself only a waiter that went away (its
 * session expired, or it gave up): the holder below it still holds, and now two clients hold
 * the lock. The exclusion checks of the test suites must catch it; a checker that passes this
 * lock under waiter faults proves nothing. Never use it for anything else.
 */
public final class NoRecheckLock extends ForwardingLock {

    public NoRecheckLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid,
            LockListener listener) {
        super(new SequentialLock(zk, connection, dir, guid, "lock", LockRules::exclusive, false, listener));
    }
}

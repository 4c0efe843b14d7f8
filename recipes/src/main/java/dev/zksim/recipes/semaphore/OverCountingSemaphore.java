package dev.zksim.recipes.semaphore;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.lock.ForwardingLock;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.lock.SequentialLock;
import dev.zksim.recipes.support.ConnectionStates;

/**
 * CANARY, BROKEN ON PURPOSE: the lease semaphore with an off-by-one in its rule: a node holds
 * when at most N nodes are below it, so N + 1 callers can hold at once whenever N + 1 want to.
 * The at-most-N check must catch it. Never use it for anything else.
 */
public final class OverCountingSemaphore extends ForwardingLock {

    public OverCountingSemaphore(ZooKeeperClient zk, ConnectionStates connection, String dir, int permits, String guid,
            LockListener listener) {
        super(new SequentialLock(zk, connection, dir, guid, "lease", PermitRules.permits(permits + 1), true,
                listener));
    }
}

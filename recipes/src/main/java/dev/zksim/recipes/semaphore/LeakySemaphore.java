package dev.zksim.recipes.semaphore;

import dev.zksim.api.CreateMode;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.lock.ForwardingLock;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.lock.SequentialLock;
import dev.zksim.recipes.support.ConnectionStates;

/**
 * CANARY, BROKEN ON PURPOSE: the lease semaphore with PERSISTENT_SEQUENTIAL lease nodes, as if
 * someone wanted leases to "survive reconnects". A holder that releases deletes its node, so
 * healthy runs pass; but the lease of a holder that crashes or whose session expires is never
 * given back, and once N leases have leaked nobody is ever served again. The no-leaked-lease
 * check must catch it. Never use it for anything else.
 */
public final class LeakySemaphore extends ForwardingLock {

    public LeakySemaphore(ZooKeeperClient zk, ConnectionStates connection, String dir, int permits, String guid,
            LockListener listener) {
        super(new SequentialLock(zk, connection, dir, guid, "lease", PermitRules.permits(permits), true,
                CreateMode.PERSISTENT_SEQUENTIAL, listener));
    }
}

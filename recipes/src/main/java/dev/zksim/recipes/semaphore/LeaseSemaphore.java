package dev.zksim.recipes.semaphore;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.lock.ForwardingLock;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.lock.SequentialLock;
import dev.zksim.recipes.support.ConnectionStates;

/**
 * A counting semaphore: one instance is one caller's lease on a semaphore of N permits.
 *
 * <ol>
 *   <li>create {@code dir/<guid>-lease-} EPHEMERAL_SEQUENTIAL (adopted, not repeated, when
 *       the reply was lost);</li>
 *   <li>getChildren(dir); if fewer than N nodes have a lower sequence number, the lease is
 *       held ({@link PermitRules});</li>
 *   <li>otherwise getChildren(dir, watch), decide again on that listing, and wait for the
 *       children to change, then go to step 2.</li>
 * </ol>
 *
 * Releasing deletes the node. Because the node is ephemeral, the lease of a holder that
 * crashed or whose session expired comes back once the session ends: no lease leaks. The
 * connection handling is the lock's: SUSPENDED while disconnected (the holder must stop
 * using the permit), LOST when the session expires or the node is deleted. The grant's token
 * is the node's czxid; it orders grants but is no fencing token, since N holders share the
 * resource.
 */
public final class LeaseSemaphore extends ForwardingLock {

    public LeaseSemaphore(ZooKeeperClient zk, ConnectionStates connection, String dir, int permits, String guid,
            LockListener listener) {
        super(new SequentialLock(zk, connection, dir, guid, "lease", PermitRules.permits(permits), true, listener));
    }
}

package dev.zksim.recipes.lock;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.ConnectionStates;

/**
 * The exclusive lock of the recipes page, free of the herd effect:
 *
 * <ol>
 *   <li>create {@code dir/<guid>-lock-} EPHEMERAL_SEQUENTIAL (the guid lets a create whose
 *       reply was lost be found and adopted instead of leaving an orphan in the queue);</li>
 *   <li>getChildren(dir) without a watch, so no listing ever wakes anyone;</li>
 *   <li>if the own node has the lowest sequence number, the lock is held;</li>
 *   <li>otherwise exists(next-lower node, watch);</li>
 *   <li>if exists returns null go to step 2, else wait for its event and go to step 2.</li>
 * </ol>
 *
 * Unlock deletes the own node, which wakes exactly one waiter: the one just above it.
 * The fencing token is the lock node's czxid (see {@link Grant}). Use: {@code acquire()}
 * for a stage of the grant, a {@link LockListener} for HELD, SUSPENDED, LOST, and
 * {@code release()}.
 */
public final class ExclusiveLock extends ForwardingLock {

    public ExclusiveLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid,
            LockListener listener) {
        super(new SequentialLock(zk, connection, dir, guid, "lock", LockRules::exclusive, true, listener));
    }
}

package dev.zksim.recipes.canary;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.lock.ForwardingLock;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.lock.LockRules;
import dev.zksim.recipes.lock.SequentialLock;
import dev.zksim.recipes.support.ConnectionStates;
import java.util.concurrent.CompletionStage;

/**
 * CANARY, BROKEN ON PURPOSE: the exclusive lock whose waiters, when they give up, delete their
 * node with one try and let a failure go. If that delete's request is lost, the node stays, an
 * orphan of the waiter's live session: once it is the lowest, everyone queued behind it waits
 * for good. Releases of a granted lock retry as they should, so the bug lives only on the rare
 * path of a give-up whose cleanup meets a fault, where the per-request fault profile reaches
 * and a plan of a few aimed steps almost never does.
 */
public final class OneShotCleanupLock extends ForwardingLock {

    public OneShotCleanupLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid,
            LockListener listener) {
        super(new SequentialLock(zk, connection, dir, guid, "lock", LockRules::exclusive, OneShotCleanupLock::deleteOnce,
                listener));
    }

    private static CompletionStage<Void> deleteOnce(ZooKeeperClient zk, String path) {
        return zk.delete(path, -1).handle((done, error) -> null);
    }
}

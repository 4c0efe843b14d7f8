package dev.zksim.recipes.canary;

import dev.zksim.api.CreateMode;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.lock.ForwardingLock;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.lock.LockRules;
import dev.zksim.recipes.lock.SequentialLock;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.recipes.support.ProtectedCreate;
import java.util.concurrent.CompletionStage;

/**
 * CANARY, BROKEN ON PURPOSE: the exclusive lock that adopts the node of a create whose reply was
 * lost only on its first acquisition; later ones create again, and leave the first node behind
 * as an orphan of their own session. A lost reply to the first create is handled; one to the
 * second is not. It is the canary of a plan step aimed at the N-th matching request:
 * {@code drop-reply c1 on create /lock #2}.
 */
public final class FirstCreateProtectedLock extends ForwardingLock {

    public FirstCreateProtectedLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid,
            LockListener listener) {
        super(new SequentialLock(zk, connection, dir, guid, "lock", LockRules::exclusive, true,
                new FirstTimeProtected()::create, listener));
    }

    /** Protects the first create it makes, and no other. */
    private static final class FirstTimeProtected {
        private boolean protectedOnce;

        CompletionStage<String> create(ZooKeeperClient zk, String parent, String name, String role,
                byte[] data, CreateMode mode) {
            if (!protectedOnce) {
                protectedOnce = true;
                return ProtectedCreate.create(zk, parent, name, role, data, mode);
            }
            return zk.create(parent + "/" + name + "-" + role + "-", data, mode);
        }
    }
}

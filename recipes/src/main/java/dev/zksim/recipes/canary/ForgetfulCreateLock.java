package dev.zksim.recipes.canary;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.lock.ForwardingLock;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.lock.LockRules;
import dev.zksim.recipes.lock.SequentialLock;
import dev.zksim.recipes.support.ConnectionStates;

/**
 * CANARY, BROKEN ON PURPOSE: the exclusive lock with a plain create that assumes a create
 * which failed with ConnectionLoss was not applied, and simply creates again. When the reply
 * was lost after the server applied the create (the lost-reply fault), the first node stays
 * behind as an orphan of the client's own session: once it is the lowest, the client waits
 * for it forever and so does everyone queued behind. A lost request (nothing applied) never
 * exposes it, which is what makes it the lost reply's canary.
 */
public final class ForgetfulCreateLock extends ForwardingLock {

    public ForgetfulCreateLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid,
            LockListener listener) {
        super(new SequentialLock(zk, connection, dir, guid, "lock", LockRules::exclusive, true,
                (client, parent, name, role, data, mode) -> client.create(parent + "/" + name + "-" + role + "-", data, mode),
                listener));
    }
}

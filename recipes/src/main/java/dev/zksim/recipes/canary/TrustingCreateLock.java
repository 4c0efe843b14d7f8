package dev.zksim.recipes.canary;

import dev.zksim.api.CreateMode;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.lock.ForwardingLock;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.lock.LockRules;
import dev.zksim.recipes.lock.SequentialLock;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.recipes.support.Stages;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * CANARY, BROKEN ON PURPOSE: the exclusive lock with a create that assumes a create which
 * failed with ConnectionLoss reached the server and was applied. It never creates again: it
 * looks for its node among the children and, not finding it, takes a stale replica to be
 * the reason and waits for the next change of the directory to look again. When the request
 * itself was lost (the lost-request fault), the node never appears and the acquisition
 * waits forever. A lost reply (the create applied) never exposes it, which is what makes it
 * the lost request's canary.
 */
public final class TrustingCreateLock extends ForwardingLock {

    public TrustingCreateLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid,
            LockListener listener) {
        super(new SequentialLock(zk, connection, dir, guid, "lock", LockRules::exclusive, true,
                TrustingCreateLock::create, listener));
    }

    private static CompletionStage<String> create(ZooKeeperClient zk, String parent, String guid, String role,
            byte[] data, CreateMode mode) {
        String name = guid + "-" + role + "-";
        CompletableFuture<String> result = new CompletableFuture<>();
        zk.create(parent + "/" + name, data, mode).whenComplete((path, error) -> {
            if (error == null) {
                result.complete(path);
            } else if (Stages.isRecoverable(error)) {
                awaitNode(zk, parent, name, result);
            } else {
                result.completeExceptionally(Stages.unwrap(error));
            }
        });
        return result;
    }

    /** The bug: waits for the node to show up instead of ever creating it again. */
    private static void awaitNode(ZooKeeperClient zk, String parent, String name, CompletableFuture<String> result) {
        zk.getChildren(parent, event -> {
            if (!result.isDone()) {
                awaitNode(zk, parent, name, result);
            }
        }).whenComplete((children, error) -> {
            if (error != null) {
                if (Stages.isRecoverable(error)) {
                    awaitNode(zk, parent, name, result);
                } else {
                    result.completeExceptionally(Stages.unwrap(error));
                }
                return;
            }
            children.stream().filter(child -> child.startsWith(name)).findFirst()
                    .ifPresent(child -> result.complete(parent + "/" + child));
        });
    }
}

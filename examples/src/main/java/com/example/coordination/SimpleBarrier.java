package com.example.coordination;

import dev.zksim.api.KeeperException;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A user's own simple barrier, the recipes page's: the barrier is up while its node exists.
 * The coordinator creates the node to raise it and deletes it to lift it; a waiter calls
 * exists with a watch and passes once the node is gone, looking again after every event.
 *
 * <p>{@code trustAnyEvent = true} builds a common mistake: the waiter takes any event on its
 * watch for the deletion. ZooKeeper also hands every watcher the session's own events
 * (Disconnected, SyncConnected), so a waiter that loses its connection walks through a
 * barrier that is still up.
 */
public final class SimpleBarrier {
    private final ZooKeeperClient zk;
    private final String path;
    private final boolean trustAnyEvent;

    public SimpleBarrier(ZooKeeperClient zk, String path, boolean trustAnyEvent) {
        this.zk = zk;
        this.path = path;
        this.trustAnyEvent = trustAnyEvent;
    }

    /** Coordinator: raises the barrier (creating the node; it may already exist after a lost reply). */
    public CompletionStage<Void> raise() {
        return ZkNodes.ensure(zk, path);
    }

    /** Coordinator: lifts the barrier (deleting the node, through connection losses). */
    public CompletionStage<Void> lift() {
        return ZkNodes.delete(zk, path);
    }

    /** Whether the barrier is up as this client's server sees it. */
    public CompletionStage<Boolean> isRaised() {
        return zk.exists(path, false).thenApply(stat -> stat != null);
    }

    /** Completes once the barrier is down. */
    public CompletionStage<Void> awaitLifted() {
        CompletableFuture<Void> passed = new CompletableFuture<>();
        look(passed);
        return passed;
    }

    private void look(CompletableFuture<Void> passed) {
        zk.exists(path, event -> onEvent(event, passed)).whenComplete((stat, error) -> {
            if (passed.isDone()) {
                return;
            }
            if (error == null && stat == null) {
                passed.complete(null);
            } else if (error != null && ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS) {
                look(passed);
            } else if (error != null) {
                passed.completeExceptionally(error);
            }
            // Otherwise the barrier is up and the watch will wake us.
        });
    }

    private void onEvent(WatchedEvent event, CompletableFuture<Void> passed) {
        if (passed.isDone()) {
            return;
        }
        if (trustAnyEvent) {
            passed.complete(null);
        } else {
            look(passed);
        }
    }
}

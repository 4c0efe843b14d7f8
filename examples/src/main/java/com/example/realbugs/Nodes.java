package com.example.realbugs;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/** What the recipes of this package share: error codes, retried creates and deletes, sequence order. */
final class Nodes {
    static final byte[] EMPTY = new byte[0];

    private Nodes() {
    }

    static KeeperException.Code code(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof KeeperException keeper ? keeper.code() : KeeperException.Code.SYSTEMERROR;
    }

    static boolean connectionLoss(Throwable error) {
        return error != null && code(error) == KeeperException.Code.CONNECTIONLOSS;
    }

    /** The children in the order ZooKeeper numbered them: by the ten-digit sequence suffix. */
    static List<String> bySequence(List<String> children) {
        return children.stream().sorted(Comparator.comparing((String child) -> child.substring(child.length() - 10)))
                .toList();
    }

    /** Creates the persistent node unless it exists, through connection losses; completes either way. */
    static CompletionStage<Void> ensure(ZooKeeperClient zk, String path) {
        return zk.create(path, EMPTY, CreateMode.PERSISTENT).handle((created, error) ->
                connectionLoss(error) ? ensure(zk, path) : CompletableFuture.<Void>completedFuture(null))
                .thenCompose(stage -> stage);
    }

    /** Deletes the node, trying again through connection losses, until it is gone or the session is. */
    static CompletionStage<Void> delete(ZooKeeperClient zk, String path) {
        return zk.delete(path, -1).handle((ok, error) ->
                connectionLoss(error) ? delete(zk, path) : CompletableFuture.<Void>completedFuture(null))
                .thenCompose(stage -> stage);
    }
}

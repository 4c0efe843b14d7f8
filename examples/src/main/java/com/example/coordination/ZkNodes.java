package com.example.coordination;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/** What this team's recipes share: error codes, creates and deletes that retry through connection losses, sequence order. */
final class ZkNodes {

    private ZkNodes() {
    }

    static String sequence(String child) {
        return child.substring(child.length() - 10);
    }

    static KeeperException.Code code(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof KeeperException keeper ? keeper.code() : KeeperException.Code.SYSTEMERROR;
    }

    static CompletionStage<Void> delete(ZooKeeperClient zk, String path) {
        return zk.delete(path, -1).handle((ok, error) -> error != null && code(error) == KeeperException.Code.CONNECTIONLOSS
                ? delete(zk, path) : CompletableFuture.<Void>completedFuture(null)).thenCompose(stage -> stage);
    }

    /** Creates the persistent node at {@code path} unless it exists, through connection losses. */
    static CompletionStage<Void> ensure(ZooKeeperClient zk, String path) {
        return zk.create(path, new byte[0], CreateMode.PERSISTENT).handle((created, error) ->
                error != null && code(error) == KeeperException.Code.CONNECTIONLOSS ? ensure(zk, path)
                        : CompletableFuture.<Void>completedFuture(null)).thenCompose(stage -> stage);
    }

    /** Deletes every child of {@code dir} whose name starts with the prefix. */
    static CompletionStage<Void> deleteAll(ZooKeeperClient zk, String dir, String prefix) {
        return zk.getChildren(dir, false).handle((children, error) -> {
            if (error != null) {
                return code(error) == KeeperException.Code.CONNECTIONLOSS ? deleteAll(zk, dir, prefix)
                        : CompletableFuture.<Void>completedFuture(null);
            }
            CompletionStage<Void> all = CompletableFuture.completedFuture(null);
            for (String child : children) {
                if (child.startsWith(prefix)) {
                    all = all.thenCompose(ignored -> delete(zk, dir + "/" + child));
                }
            }
            return all;
        }).thenCompose(stage -> stage);
    }

    /**
     * The children without this owner's leftovers, which it deletes. A create whose reply was
     * lost can be created twice: the client reconnects to a follower that has not yet applied
     * the first create, does not find it, and creates again. The older node is this owner's
     * too, and left in place it would sit in front of every later attempt for ever.
     */
    static List<String> withoutOwnLeftovers(ZooKeeperClient zk, String dir, List<String> children, String ownerPrefix,
            String current) {
        List<String> kept = new ArrayList<>();
        for (String child : children) {
            if (child.startsWith(ownerPrefix) && !child.equals(current)) {
                delete(zk, dir + "/" + child);
            } else {
                kept.add(child);
            }
        }
        return kept;
    }
}

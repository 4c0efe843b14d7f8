package com.example.coordination;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * What this project's recipes share (the team's, and the real bugs' in {@code realbugs}): error
 * codes, creates and deletes that retry through connection losses, sequence order.
 */
public final class ZkNodes {
    /** The data of a node that carries none. */
    public static final byte[] EMPTY = new byte[0];

    private ZkNodes() {
    }

    /** The ten-digit counter ZooKeeper appended to a sequential node's name. */
    public static String sequence(String child) {
        return child.substring(child.length() - 10);
    }

    /** The children in the order ZooKeeper numbered them. */
    public static List<String> bySequence(List<String> children) {
        return children.stream().sorted(Comparator.comparing(ZkNodes::sequence)).toList();
    }

    /** The ZooKeeper error code of a failed stage (SYSTEMERROR for any other failure). */
    public static KeeperException.Code code(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof KeeperException keeper ? keeper.code() : KeeperException.Code.SYSTEMERROR;
    }

    /** Whether a stage failed with a connection loss: its outcome is unknown. */
    public static boolean connectionLoss(Throwable error) {
        return error != null && code(error) == KeeperException.Code.CONNECTIONLOSS;
    }

    /** Deletes the node, trying again through connection losses, until it is gone or the session is. */
    public static CompletionStage<Void> delete(ZooKeeperClient zk, String path) {
        return zk.delete(path, -1).handle((ok, error) -> error != null && code(error) == KeeperException.Code.CONNECTIONLOSS
                ? delete(zk, path) : CompletableFuture.<Void>completedFuture(null)).thenCompose(stage -> stage);
    }

    /**
     * Deletes the node while this session owns it, looking at its owner again after every
     * connection loss. For a node whose name others reuse (a controller's, a registration):
     * a delete retried blindly after a lost reply would delete the node someone made since,
     * and a version check does not tell them apart (a new node starts at version 0 too).
     */
    public static CompletionStage<Void> deleteIfOwned(ZooKeeperClient zk, String path) {
        return zk.exists(path, false).handle((stat, error) -> {
            if (connectionLoss(error)) {
                return deleteIfOwned(zk, path);
            }
            if (stat == null || stat.ephemeralOwner() != zk.sessionId()) {
                return CompletableFuture.<Void>completedFuture(null);
            }
            return zk.delete(path, stat.version()).handle((ok, deleteError) ->
                    connectionLoss(deleteError) ? deleteIfOwned(zk, path) : CompletableFuture.<Void>completedFuture(null))
                    .thenCompose(stage -> stage);
        }).thenCompose(stage -> stage);
    }

    /** Creates the persistent node at {@code path} unless it exists, through connection losses. */
    public static CompletionStage<Void> ensure(ZooKeeperClient zk, String path) {
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

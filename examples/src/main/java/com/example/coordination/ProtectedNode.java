package com.example.coordination;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BooleanSupplier;

/**
 * Creates {@code dir/<prefix>NNNNNNNNNN} EPHEMERAL_SEQUENTIAL the way the recipes page asks: a
 * create whose reply was lost to a connection loss may have been applied, so the node is looked
 * for by its unique prefix before it is created again; a missing directory is created first. A
 * node made for an attempt that is no longer wanted (the caller gave up meanwhile) is deleted.
 */
final class ProtectedNode {

    /** The created node's name (without the directory) and its czxid. */
    record Created(String name, long czxid) {
    }

    private final ZooKeeperClient zk;
    private final String dir;
    private final String prefix;
    private final BooleanSupplier wanted;
    private final CompletableFuture<Created> result = new CompletableFuture<>();

    private ProtectedNode(ZooKeeperClient zk, String dir, String prefix, BooleanSupplier wanted) {
        this.zk = zk;
        this.dir = dir;
        this.prefix = prefix;
        this.wanted = wanted;
    }

    /** Creates the node; the stage fails with the ZooKeeper error, or with a cancellation if no longer wanted. */
    static CompletionStage<Created> create(ZooKeeperClient zk, String dir, String prefix, BooleanSupplier wanted) {
        ProtectedNode node = new ProtectedNode(zk, dir, prefix, wanted);
        node.create();
        return node.result;
    }

    private void create() {
        zk.createWithStat(dir + "/" + prefix, new byte[0], CreateMode.EPHEMERAL_SEQUENTIAL).whenComplete((made, error) -> {
            if (!wanted.getAsBoolean()) {
                abandon(made == null ? null : made.path());
            } else if (error == null) {
                result.complete(new Created(made.path().substring(dir.length() + 1), made.stat().czxid()));
            } else if (ZkNodes.code(error) == KeeperException.Code.NONODE) {
                zk.create(dir, new byte[0], CreateMode.PERSISTENT).whenComplete((parent, ignored) -> create());
            } else if (ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS) {
                adoptOrCreate();
            } else {
                result.completeExceptionally(error);
            }
        });
    }

    /** After a lost create reply: adopt the node if the create was applied, create it otherwise. */
    private void adoptOrCreate() {
        zk.getChildren(dir, false).whenComplete((children, error) -> {
            if (!wanted.getAsBoolean()) {
                abandon(null);
            } else if (error != null && ZkNodes.code(error) == KeeperException.Code.NONODE) {
                create();
            } else if (error != null && ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS) {
                adoptOrCreate();
            } else if (error != null) {
                result.completeExceptionally(error);
            } else {
                children.stream().filter(child -> child.startsWith(prefix)).findFirst()
                        .ifPresentOrElse(this::readCzxid, this::create);
            }
        });
    }

    private void readCzxid(String name) {
        zk.exists(dir + "/" + name, false).whenComplete((stat, error) -> {
            if (!wanted.getAsBoolean()) {
                abandon(dir + "/" + name);
            } else if (error != null && ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS) {
                readCzxid(name);
            } else if (error != null) {
                result.completeExceptionally(error);
            } else if (stat == null) {
                result.completeExceptionally(KeeperException.create(KeeperException.Code.NONODE, dir + "/" + name));
            } else {
                result.complete(new Created(name, stat.czxid()));
            }
        });
    }

    /** Deletes what this attempt may have created, then reports the cancellation. */
    private void abandon(String path) {
        if (path != null) {
            ZkNodes.delete(zk, path);
        } else {
            ZkNodes.deleteAll(zk, dir, prefix);
        }
        result.completeExceptionally(new CancellationException("no longer wanted"));
    }
}

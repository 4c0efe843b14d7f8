package com.example.realbugs;

import com.example.coordination.ZkNodes;
import dev.zksim.api.CreateMode;
import dev.zksim.api.ZooKeeperClient;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The EPHEMERAL_SEQUENTIAL nodes a lock's or a semaphore's attempts make, "protected" as
 * Curator makes them: each attempt's node is named {@code <owner>-<attempt>-<kind>}, so that
 * after a lost create reply the attempt can find the node it made instead of making a second
 * one nobody owns (CURATOR-45), and an attempt abandoned while its create was under way can
 * find and delete what landed.
 */
final class AttemptNodes {

    /** An attempt's node: its name under the directory and its czxid (the fencing token). */
    record Made(String name, long czxid) {
    }

    private final ZooKeeperClient zk;
    private final String dir;
    private final String owner;

    AttemptNodes(ZooKeeperClient zk, String dir, String owner) {
        this.zk = zk;
        this.dir = dir;
        this.owner = owner;
    }

    String prefix(int attempt) {
        return owner + "-" + attempt + "-";
    }

    /**
     * Makes the attempt's node, or finds it after a lost reply. Completes with the node while
     * {@code current} holds; once it no longer does, whatever landed is deleted and the stage
     * fails with a CancellationException.
     */
    CompletionStage<Made> create(int attempt, String kind, BooleanSupplier current) {
        CompletableFuture<Made> made = new CompletableFuture<>();
        create(attempt, kind, current, made);
        return made;
    }

    private void create(int attempt, String kind, BooleanSupplier current, CompletableFuture<Made> made) {
        zk.createWithStat(dir + "/" + prefix(attempt) + kind, ZkNodes.EMPTY, CreateMode.EPHEMERAL_SEQUENTIAL)
                .whenComplete((created, error) -> {
                    if (!current.getAsBoolean()) {
                        abandoned(attempt, created, error, made);
                    } else if (created != null) {
                        made.complete(new Made(created.path().substring(dir.length() + 1), created.stat().czxid()));
                    } else if (ZkNodes.connectionLoss(error)) {
                        findOwn(attempt, kind, current, made);
                    } else {
                        made.completeExceptionally(error);
                    }
                });
    }

    private void abandoned(int attempt, ZooKeeperClient.Created created, Throwable error, CompletableFuture<Made> made) {
        if (created != null) {
            ZkNodes.delete(zk, created.path());
        } else if (ZkNodes.connectionLoss(error)) {
            deleteAttempt(attempt);
        }
        cancel(made);
    }

    private static void cancel(CompletableFuture<Made> made) {
        made.completeExceptionally(new CancellationException("abandoned"));
    }

    /**
     * After a lost create reply: adopts the attempt's node if it landed, or creates again. The
     * sync brings the server up to date first: the create may have landed on the leader but
     * not yet on the server this session now talks to.
     */
    private void findOwn(int attempt, String kind, BooleanSupplier current, CompletableFuture<Made> made) {
        zk.sync(dir).thenCompose(synced -> zk.getChildren(dir, false)).whenComplete((children, error) -> {
            if (!current.getAsBoolean()) {
                deleteAttempt(attempt);
                cancel(made);
            } else if (ZkNodes.connectionLoss(error)) {
                findOwn(attempt, kind, current, made);
            } else if (error != null) {
                made.completeExceptionally(error);
            } else {
                adoptOrCreate(attempt, kind, current, made, children);
            }
        });
    }

    private void adoptOrCreate(int attempt, String kind, BooleanSupplier current, CompletableFuture<Made> made,
            List<String> children) {
        String found = children.stream().filter(child -> child.startsWith(prefix(attempt))).findFirst().orElse(null);
        if (found == null) {
            create(attempt, kind, current, made);
            return;
        }
        zk.exists(dir + "/" + found, false).whenComplete((stat, error) -> {
            if (!current.getAsBoolean()) {
                ZkNodes.delete(zk, dir + "/" + found);
                cancel(made);
            } else if (stat == null) {
                findOwn(attempt, kind, current, made);
            } else {
                made.complete(new Made(found, stat.czxid()));
            }
        });
    }

    /**
     * The children without the attempt's other nodes, which it deletes: a create retried after
     * a lost reply can land twice when the listing came from a server that had not yet applied
     * the first.
     */
    List<String> withoutDuplicates(int attempt, String node, List<String> children) {
        return children.stream().filter(child -> {
            boolean duplicate = child.startsWith(prefix(attempt)) && !child.equals(node);
            if (duplicate) {
                ZkNodes.delete(zk, dir + "/" + child);
            }
            return !duplicate;
        }).toList();
    }

    /**
     * Tells {@code answer} whether the node is still there, once the servers say; a lost
     * connection leaves the question for the next reconnect.
     */
    void whetherStillThere(String name, Consumer<Boolean> answer) {
        zk.exists(dir + "/" + name, false).whenComplete((stat, error) -> {
            if (!ZkNodes.connectionLoss(error)) {
                answer.accept(stat != null);
            }
        });
    }

    /** Deletes whatever an abandoned attempt created: its create may have landed unseen. */
    CompletionStage<Void> deleteAttempt(int abandoned) {
        return deleteAttempt(abandoned, path -> ZkNodes.delete(zk, path));
    }

    /** Deletes, with {@code deleter}, whatever an abandoned attempt created: its create may have landed unseen. */
    CompletionStage<Void> deleteAttempt(int abandoned, Function<String, CompletionStage<Void>> deleter) {
        return zk.sync(dir).thenCompose(synced -> zk.getChildren(dir, false)).handle((children, error) -> {
            if (ZkNodes.connectionLoss(error)) {
                return deleteAttempt(abandoned, deleter);
            }
            CompletionStage<Void> all = CompletableFuture.completedFuture(null);
            for (String child : children == null ? List.<String>of() : children) {
                if (child.startsWith(prefix(abandoned))) {
                    all = all.thenCompose(ignored -> deleter.apply(dir + "/" + child));
                }
            }
            return all;
        }).thenCompose(stage -> stage);
    }
}

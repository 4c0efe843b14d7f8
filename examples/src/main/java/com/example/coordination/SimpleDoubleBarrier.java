package com.example.coordination;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A user's own double barrier for one round of N participants, the recipes page's. Entering:
 * create {@code dir/<name>} EPHEMERAL, and whoever finds N participant nodes creates
 * {@code dir/ready}; everybody enters once {@code ready} exists (a watch on it wakes the
 * waiters). Leaving: delete one's own node, then wait until no participant node is left, so
 * that nobody leaves while another is still computing (a participant whose session dies
 * loses its node and so stops holding the others back).
 *
 * <p>After a new session the caller enters again with the same object: its node is created
 * again, and {@code ready} (persistent) lets it straight in.
 *
 * <p>A name {@code PARTICIPANT~INSTANCE} says which participant a node stands for, and the
 * barrier counts participants, not nodes. A process that lost its session, or crashed and came
 * back, enters again while the node of its old session is still there (the servers expire that
 * session later than the client gave it up); counted as two, it would let everybody in before
 * the last participant arrived.
 *
 * <p>{@code waitOnLeave = false} builds a common mistake: leave() returns as soon as the
 * participant's own node is deleted, without waiting for the others to finish.
 */
public final class SimpleDoubleBarrier {
    private static final String READY = "ready";
    /** Separates the participant from the instance in a node's name. */
    private static final String SEPARATOR = "~";

    private final ZooKeeperClient zk;
    private final String dir;
    private final String name;
    private final int participants;
    private final boolean waitOnLeave;

    public SimpleDoubleBarrier(ZooKeeperClient zk, String dir, String name, int participants, boolean waitOnLeave) {
        this.zk = zk;
        this.dir = dir;
        this.name = name;
        this.participants = participants;
        this.waitOnLeave = waitOnLeave;
    }

    /** The node name of one instance (an incarnation, say) of a participant: PARTICIPANT~INSTANCE. */
    public static String nodeName(String participant, String instance) {
        return participant + SEPARATOR + instance;
    }

    /** Arrives; completes once all N have arrived. */
    public CompletionStage<Void> enter() {
        CompletableFuture<Void> entered = new CompletableFuture<>();
        arrive(entered);
        return entered;
    }

    /** Done computing; completes once every participant that entered has left too. */
    public CompletionStage<Void> leave() {
        CompletableFuture<Void> left = new CompletableFuture<>();
        ZkNodes.delete(zk, dir + "/" + name).whenComplete((ok, error) -> {
            if (waitOnLeave) {
                waitUntilEmpty(left);
            } else {
                left.complete(null);
            }
        });
        return left;
    }

    private void arrive(CompletableFuture<Void> entered) {
        zk.create(dir + "/" + name, new byte[0], CreateMode.EPHEMERAL).whenComplete((created, error) -> {
            KeeperException.Code code = error == null ? KeeperException.Code.OK : ZkNodes.code(error);
            switch (code) {
                case OK -> waitForReady(entered);
                case NODEEXISTS -> adoptOrOutwait(entered);
                case CONNECTIONLOSS -> arrive(entered);
                case NONODE -> ZkNodes.ensure(zk, dir).whenComplete((ok, failure) -> arrive(entered));
                default -> entered.completeExceptionally(error);
            }
        });
    }

    /**
     * The node is there already: this session's own create whose reply was lost, or the node of
     * this participant's previous session, which the servers have not expired yet. The first is
     * adopted. The second will vanish with its session, so the participant waits for it to go and
     * creates its node again: a participant that took it for its own would be left with no node
     * at all, and the others would wait for it for ever.
     */
    private void adoptOrOutwait(CompletableFuture<Void> entered) {
        String node = dir + "/" + name;
        zk.exists(node, once(entered, () -> arrive(entered))).whenComplete((stat, error) -> {
            if (entered.isDone()) {
                return;
            }
            if (error != null) {
                retryOrFail(entered, error, () -> arrive(entered));
            } else if (stat == null) {
                arrive(entered);
            } else if (stat.ephemeralOwner() == zk.sessionId()) {
                waitForReady(entered);
            }
        });
    }

    private void waitForReady(CompletableFuture<Void> entered) {
        zk.exists(dir + "/" + READY, once(entered, () -> waitForReady(entered))).whenComplete((stat, error) -> {
            if (entered.isDone()) {
                return;
            }
            if (error != null) {
                retryOrFail(entered, error, () -> waitForReady(entered));
            } else if (stat != null) {
                entered.complete(null);
            } else {
                countArrivals(entered);
            }
        });
    }

    /** How many participants have a node, each counted once. */
    private static long arrivals(List<String> children) {
        return children.stream().filter(child -> !child.equals(READY))
                .map(child -> child.split(SEPARATOR, 2)[0]).distinct().count();
    }

    /** The N-th to arrive opens the barrier; the others wait for the ready watch. */
    private void countArrivals(CompletableFuture<Void> entered) {
        zk.getChildren(dir, false).whenComplete((children, error) -> {
            if (entered.isDone()) {
                return;
            }
            if (error != null) {
                retryOrFail(entered, error, () -> waitForReady(entered));
            } else if (arrivals(children) >= participants) {
                ZkNodes.ensure(zk, dir + "/" + READY).whenComplete((ok, failure) -> waitForReady(entered));
            }
        });
    }

    private void waitUntilEmpty(CompletableFuture<Void> left) {
        zk.getChildren(dir, once(left, () -> waitUntilEmpty(left))).whenComplete((children, error) -> {
            if (left.isDone()) {
                return;
            }
            if (error != null) {
                retryOrFail(left, error, () -> waitUntilEmpty(left));
            } else if (children.stream().allMatch(child -> child.equals(READY))) {
                left.complete(null);
            }
        });
    }

    /**
     * A watcher that looks again once, unless the stage is done by then. Each look sets a new
     * one-shot watch, so a look repeated after a connection loss cannot make the looks multiply.
     */
    private static Watcher once(CompletableFuture<Void> stage, Runnable lookAgain) {
        boolean[] fired = {false};
        return event -> {
            if (!fired[0] && !stage.isDone()) {
                fired[0] = true;
                lookAgain.run();
            }
        };
    }

    private static void retryOrFail(CompletableFuture<Void> stage, Throwable error, Runnable retry) {
        if (ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS) {
            retry.run();
        } else {
            stage.completeExceptionally(error);
        }
    }
}

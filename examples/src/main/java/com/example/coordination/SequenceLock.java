package com.example.coordination;

import dev.zksim.api.KeeperException;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The recipes page's "take a number and wait for your turn", which this team's exclusive
 * lock, read/write lock and semaphore share: create {@code dir/<owner>-<attempt>-<kind>}
 * EPHEMERAL_SEQUENTIAL ({@link ProtectedNode}: a lost create reply is adopted, not repeated),
 * whose czxid is the fencing token; list the children; a {@link Rule} says whether this node's
 * turn has come, and if not which node to watch (or that the whole directory must be watched).
 * When the watched node goes, the children are listed again.
 *
 * <p>The lock object lives as long as the application: after its session expires, the owner
 * calls {@link #acquire} again on the same object, which then starts over in the new session.
 */
public final class SequenceLock {

    /** What the lock tells its owner unasked. */
    public interface Listener {
        /** Held again after SUSPENDED, once the node was found still there. */
        void held(long token);

        /** The connection is down: stop acting as the holder until {@link #held} or {@link #lost}. */
        void suspended();

        /** The hold is gone for good (session expired, or the node was deleted). */
        void lost();
    }

    /** Decides, from the children of the lock directory, whether it is this node's turn. */
    @FunctionalInterface
    public interface Rule {
        Turn turn(List<String> children, String mine);

        /** True for a rule that answers {@link Turn#ANY_CHANGE}: its listing then carries the watch. */
        default boolean watchesDirectory() {
            return false;
        }
    }

    /** A rule's answer: hold now, wait for one node to go, wait for any change, or the node is gone. */
    public record Turn(boolean holds, String watch, boolean gone) {
        public static final Turn HOLD = new Turn(true, null, false);
        public static final Turn GONE = new Turn(false, null, true);
        /** Wait until the children of the directory change at all (a semaphore's waiters do). */
        public static final Turn ANY_CHANGE = new Turn(false, null, false);

        public static Turn watch(String node) {
            return new Turn(false, node, false);
        }
    }

    private final ZooKeeperClient zk;
    private final String dir;
    private final String owner;
    private final String kind;
    private final Rule rule;
    private final boolean recheck;
    private final Listener listener;
    private int attempt;
    private String node;
    private long token;
    private boolean held;
    private boolean suspended;
    private CompletableFuture<Long> pending;
    private boolean trustReconnects;
    // One watcher object per attempt: ZooKeeper registers a watcher once per node however
    // often it is passed, so a waiter that re-reads never wakes twice for one deletion.
    private Watcher turnWatcher;

    /**
     * @param kind a word naming the kind of node ("" for none, "read-", "write-"), which rules may look at
     * @param recheck false builds the classic bug: a waiter whose watched node goes assumes its
     *     turn has come instead of listing again
     */
    public SequenceLock(ZooKeeperClient zk, String dir, String owner, String kind, Rule rule, boolean recheck,
            Listener listener) {
        this.zk = zk;
        this.dir = dir;
        this.owner = owner;
        this.kind = kind;
        this.rule = rule;
        this.recheck = recheck;
        this.listener = listener;
    }

    /**
     * BROKEN ON PURPOSE, for a canary: this lock takes {@code Expired} for a mere disconnect,
     * and once connected again holds on without looking at its node, reasoning that ZooKeeper
     * keeps the session, and so the ephemeral node, through a disconnect. That is true within
     * a session; after {@code Expired} the node is gone, and the connection that comes back is
     * a new session's, so the lock believes it holds what another client now holds.
     */
    public SequenceLock trustingReconnects() {
        this.trustReconnects = true;
        return this;
    }

    /** Completes with the fencing token once held; fails if the session is lost or release() comes first. */
    public CompletionStage<Long> acquire() {
        int mine = ++attempt;
        node = null;
        held = false;
        pending = new CompletableFuture<>();
        turnWatcher = event -> turnMayHaveCome(mine);
        create(mine);
        return pending;
    }

    /** Gives the lock up, or abandons the acquisition in progress. */
    public CompletionStage<Void> release() {
        int abandoned = attempt++;
        held = false;
        if (pending != null) {
            pending.completeExceptionally(new CancellationException("released"));
            pending = null;
        }
        return node != null ? ZkNodes.delete(zk, dir + "/" + node) : ZkNodes.deleteAll(zk, dir, prefix(abandoned));
    }

    /** The connection changed; {@code connected} false means suspended, and {@code lost} that the session is gone. */
    public void connectionChanged(boolean connected, boolean lost) {
        if (lost && !trustReconnects) {
            if (held) {
                held = false;
                listener.lost();
            }
        } else if (!connected && held && !suspended) {
            suspended = true;
            listener.suspended();
        } else if (connected && held && suspended && trustReconnects) {
            suspended = false;
            listener.held(token);
        } else if (connected && held && suspended) {
            confirmAfterReconnect(attempt);
        }
    }

    /**
     * Back from SUSPENDED: hold again only if the node is still there. A connection lost again
     * before the answer leaves the holder suspended for the next reconnect to confirm; an
     * answer of "no node" (or of an expired session) means the hold is lost.
     */
    private void confirmAfterReconnect(int mine) {
        zk.exists(dir + "/" + node, false).whenComplete((stat, error) -> {
            if (mine != attempt || !held || !suspended) {
                return;
            }
            if (error != null && ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS) {
                return;
            }
            suspended = false;
            if (stat != null) {
                listener.held(token);
            } else {
                held = false;
                listener.lost();
            }
        });
    }

    private String prefix(int mine) {
        return owner + "-" + mine + "-" + kind;
    }

    private void create(int mine) {
        ProtectedNode.create(zk, dir, prefix(mine), () -> mine == attempt).whenComplete((created, error) -> {
            if (mine != attempt) {
                return;
            }
            if (error != null) {
                fail(mine, error);
            } else {
                node = created.name();
                token = created.czxid();
                check(mine);
            }
        });
    }

    private void check(int mine) {
        zk.getChildren(dir, rule.watchesDirectory() ? turnWatcher : null).whenComplete((children, error) -> {
            if (mine != attempt || pending == null) {
                return;
            }
            if (error != null) {
                retryOrFail(mine, error, () -> check(mine));
                return;
            }
            Turn turn = rule.turn(ZkNodes.withoutOwnLeftovers(zk, dir, children, owner + "-", node), node);
            if (turn.gone()) {
                fail(mine, KeeperException.create(KeeperException.Code.NONODE, node));
            } else if (turn.holds()) {
                grant();
            } else if (turn.watch() != null) {
                watch(mine, turn.watch());
            }
            // ANY_CHANGE: the listing's watch calls check() again when the children change.
        });
    }

    private void turnMayHaveCome(int mine) {
        if (mine == attempt && pending != null) {
            if (recheck) {
                check(mine);
            } else {
                grant();
            }
        }
    }

    private void watch(int mine, String other) {
        zk.exists(dir + "/" + other, turnWatcher).whenComplete((stat, error) -> {
            if (mine != attempt || pending == null) {
                return;
            }
            if (error != null) {
                retryOrFail(mine, error, () -> check(mine));
            } else if (stat == null) {
                check(mine);
            }
        });
    }

    private void grant() {
        CompletableFuture<Long> waiting = pending;
        pending = null;
        held = true;
        suspended = false;
        waiting.complete(token);
    }

    private void retryOrFail(int mine, Throwable error, Runnable retry) {
        if (ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS) {
            retry.run();
        } else {
            fail(mine, error);
        }
    }

    private void fail(int mine, Throwable error) {
        if (mine == attempt && pending != null) {
            CompletableFuture<Long> waiting = pending;
            pending = null;
            waiting.completeExceptionally(error);
        }
    }
}

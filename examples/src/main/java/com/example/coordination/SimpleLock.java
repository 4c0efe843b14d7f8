package com.example.coordination;

import dev.zksim.api.KeeperException;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A user's own exclusive lock, as an application team might write it: the recipes page's
 * lock with sequential ephemeral nodes, where each waiter watches only its predecessor.
 * It is written against zksim's asynchronous client API, which also runs on a real cluster.
 *
 * <p>Steps: create {@code dir/<owner>-<attempt>-} EPHEMERAL_SEQUENTIAL ({@link ProtectedNode}:
 * a lost create reply is adopted, not repeated); its czxid is the fencing token; list the
 * children; the lowest holds the
 * lock, every other node watches its predecessor and lists again when it goes.
 *
 * <p>{@code recheck = false} builds the classic bug: a waiter whose predecessor goes assumes
 * it is now the lowest, which is wrong when the predecessor was a waiter that gave up.
 */
public final class SimpleLock {
    /** What the lock tells its owner unasked. */
    public interface Listener {
        void held(long token);

        void suspended();

        void lost();
    }

    private final ZooKeeperClient zk;
    private final String dir;
    private final String owner;
    private final boolean recheck;
    private final Listener listener;
    private int attempt;
    private String node;
    private long token;
    private boolean held;
    private boolean suspended;
    private CompletableFuture<Long> pending;
    // One watcher object per attempt: ZooKeeper registers a watcher once per node however
    // often it is passed, so a waiter that re-reads never wakes twice for one deletion.
    private Watcher predecessorWatcher;

    public SimpleLock(ZooKeeperClient zk, String dir, String owner, boolean recheck, Listener listener) {
        this.zk = zk;
        this.dir = dir;
        this.owner = owner;
        this.recheck = recheck;
        this.listener = listener;
    }

    /** Completes with the fencing token once held; fails if the session is lost or release() comes first. */
    public CompletionStage<Long> acquire() {
        int mine = ++attempt;
        node = null;
        held = false;
        pending = new CompletableFuture<>();
        predecessorWatcher = event -> predecessorGone(mine);
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
        if (lost) {
            if (held) {
                held = false;
                listener.lost();
            }
        } else if (!connected && held && !suspended) {
            suspended = true;
            listener.suspended();
        } else if (connected && held && suspended) {
            confirmAfterReconnect(attempt);
        }
    }

    /**
     * Back from SUSPENDED: hold again only if the node is still there. A connection lost again
     * before the answer leaves the holder suspended for the next reconnect to confirm; an
     * answer of "no node" (or of an expired session) means the lock is lost.
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
        return owner + "-" + mine + "-";
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
        zk.getChildren(dir, false).whenComplete((children, error) -> {
            if (mine != attempt || pending == null) {
                return;
            }
            if (error != null) {
                retryOrFail(mine, error, () -> check(mine));
                return;
            }
            List<String> sorted = ZkNodes.withoutOwnLeftovers(zk, dir, children, owner + "-", node);
            sorted.sort(Comparator.comparing(ZkNodes::sequence));
            int index = sorted.indexOf(node);
            if (index < 0) {
                fail(mine, KeeperException.create(KeeperException.Code.NONODE, node));
            } else if (index == 0) {
                grant(mine);
            } else {
                watch(mine, sorted.get(index - 1));
            }
        });
    }

    private void predecessorGone(int mine) {
        if (mine == attempt && pending != null) {
            if (recheck) {
                check(mine);
            } else {
                grant(mine);
            }
        }
    }

    private void watch(int mine, String predecessor) {
        zk.exists(dir + "/" + predecessor, predecessorWatcher).whenComplete((stat, error) -> {
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

    private void grant(int mine) {
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

package com.example.realbugs;

import com.example.coordination.ZkNodes;
import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The recipes page's lock (an EPHEMERAL_SEQUENTIAL node per attempt; the lowest holds; each
 * waiter watches the node just before its own), as Curator's InterProcessMutex and kazoo's
 * Lock build it, with one of four flaws those libraries shipped and later fixed, or none:
 * the fixed lock is {@link Flaw#NONE}.
 */
public final class ClassicLock {

    /** A flaw a real lock had; each says which issue and what the fix changed. */
    public enum Flaw {
        /** The lock as fixed: protected creates, retried deletes, a new node after Expired, the predecessor watched. */
        NONE,
        /**
         * CURATOR-45: a create whose reply was lost fails the acquisition, but the node landed;
         * its session lives on, nobody deletes it, and once it is the lowest every waiter waits
         * for it for ever. The fix names each attempt's node (a "protected" create) and, after
         * a connection loss, looks for that name before creating again.
         */
        UNPROTECTED_CREATE,
        /**
         * CURATOR-202 and kazoo #732: the release (or the cleanup of an abandoned try-lock)
         * deletes the node once and swallows a connection loss; the session survives the
         * disconnect, so the node does too, and it blocks everyone behind it. The fix retries
         * the delete until the node or the session is gone.
         */
        SWALLOWED_DELETE,
        /**
         * CURATOR-604: a waiter woken by Expired lists the children again in its new session
         * and, finding its old node first (the server it asks has not yet applied the old
         * session's close), takes the lock on a node that is about to go. The fix abandons
         * the attempt on Expired and starts over with a new node.
         */
        OLD_NODE_AFTER_EXPIRY,
        /**
         * kazoo's read/write-lock change (fixed by commit 7dd4c4c before a release): every
         * waiter watches the holder instead of its predecessor, so each release wakes them
         * all. The fix watches the node just before one's own.
         */
        WATCHES_HOLDER
    }

    private final ZooKeeperClient zk;
    private final String dir;
    private final String owner;
    private final Flaw flaw;
    private final AttemptNodes nodes;
    private final Hold hold;
    private int attempt;
    private String node;
    private boolean expiredWhileWaiting;
    // One watcher object per attempt: ZooKeeper registers a watcher once per node however often
    // it is passed, so a waiter that looks again never wakes twice for one deletion.
    private Watcher wake;

    public ClassicLock(ZooKeeperClient zk, String dir, String owner, Flaw flaw, HoldListener events) {
        this.zk = zk;
        this.dir = dir;
        this.owner = owner;
        this.flaw = flaw;
        this.nodes = new AttemptNodes(zk, dir, owner);
        this.hold = new Hold(events);
    }

    /** Completes with the node's czxid (the fencing token) once held; fails if the attempt cannot go on. */
    public CompletionStage<Long> acquire() {
        int mine = ++attempt;
        node = null;
        expiredWhileWaiting = false;
        CompletableFuture<Long> result = hold.begin();
        wake = event -> {
            if (event.type() != EventType.None && mine == attempt) {
                check(mine);
            }
        };
        ZkNodes.ensure(zk, dir).thenRun(() -> create(mine));
        return result;
    }

    /** Lets the lock go, or abandons the attempt in progress. */
    public CompletionStage<Void> release() {
        int abandoned = attempt++;
        hold.release();
        String mine = node;
        node = null;
        if (mine != null) {
            return deleteOwn(dir + "/" + mine);
        }
        return flaw == Flaw.UNPROTECTED_CREATE ? CompletableFuture.completedFuture(null)
                : nodes.deleteAttempt(abandoned, this::deleteOwn);
    }

    /** The connection changed; {@code connected} false means suspended, and {@code lost} that the session is gone. */
    public void connectionChanged(boolean connected, boolean lost) {
        if (lost) {
            sessionLost();
        } else if (connected) {
            reconnected();
        } else {
            hold.suspend();
        }
    }

    private void reconnected() {
        int mine = attempt;
        if (hold.unconfirmed()) {
            hold.confirm(nodes, node, () -> mine == attempt);
        } else if (expiredWhileWaiting && hold.waiting()) {
            // OLD_NODE_AFTER_EXPIRY: the woken waiter lists again with its old node's name.
            expiredWhileWaiting = false;
            check(attempt);
        }
    }

    private void sessionLost() {
        if (hold.held()) {
            node = null;
            hold.lose();
        } else if (hold.waiting() && flaw == Flaw.OLD_NODE_AFTER_EXPIRY) {
            expiredWhileWaiting = true;
        } else {
            node = null;
            hold.fail(KeeperException.create(KeeperException.Code.SESSIONEXPIRED, dir));
        }
    }

    private void create(int mine) {
        if (flaw == Flaw.UNPROTECTED_CREATE) {
            createUnprotected(mine);
            return;
        }
        nodes.create(mine, "lock-", () -> mine == attempt).whenComplete((made, error) -> {
            if (mine != attempt) {
                return;
            }
            if (error != null) {
                hold.fail(error);
            } else {
                adopted(mine, made.name(), made.czxid());
            }
        });
    }

    /** CURATOR-45: a plain create; after a lost reply nobody knows whether, or which, node landed. */
    private void createUnprotected(int mine) {
        zk.createWithStat(dir + "/lock-", ZkNodes.EMPTY, CreateMode.EPHEMERAL_SEQUENTIAL).whenComplete((created, error) -> {
            if (mine != attempt) {
                if (created != null) {
                    deleteOwn(created.path());
                }
            } else if (created != null) {
                adopted(mine, created.path().substring(dir.length() + 1), created.stat().czxid());
            } else {
                hold.fail(error);
            }
        });
    }

    private void adopted(int mine, String name, long czxid) {
        node = name;
        hold.adopt(czxid);
        check(mine);
    }

    private void check(int mine) {
        zk.getChildren(dir, false).whenComplete((children, error) -> {
            if (mine != attempt || !hold.waiting() || expiredWhileWaiting) {
                return;
            }
            if (ZkNodes.connectionLoss(error)) {
                check(mine);
            } else if (error != null) {
                hold.fail(error);
            } else {
                turn(mine, ZkNodes.bySequence(withoutDuplicates(mine, children)));
            }
        });
    }

    private List<String> withoutDuplicates(int mine, List<String> children) {
        return flaw == Flaw.UNPROTECTED_CREATE ? children : nodes.withoutDuplicates(mine, node, children);
    }

    private void turn(int mine, List<String> sorted) {
        int index = sorted.indexOf(node);
        if (index < 0) {
            node = null;
            hold.fail(KeeperException.create(KeeperException.Code.NONODE, dir));
        } else if (index == 0) {
            hold.grant();
        } else {
            String watched = flaw == Flaw.WATCHES_HOLDER ? sorted.get(0) : sorted.get(index - 1);
            zk.exists(dir + "/" + watched, wake).whenComplete((stat, error) -> {
                if (mine == attempt && (stat == null || error != null)) {
                    check(mine);
                }
            });
        }
    }

    private CompletionStage<Void> deleteOwn(String path) {
        if (flaw == Flaw.SWALLOWED_DELETE) {
            return zk.delete(path, -1).handle((ok, error) -> null);
        }
        return ZkNodes.delete(zk, path);
    }
}

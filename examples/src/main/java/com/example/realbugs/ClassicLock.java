package com.example.realbugs;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import java.util.List;
import java.util.concurrent.CancellationException;
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
    private final HoldListener events;
    private final AttemptNodes nodes;
    private int attempt;
    private String node;
    private long token;
    private boolean held;
    private boolean suspended;
    private boolean expiredWhileWaiting;
    private CompletableFuture<Long> pending;
    // One watcher object per attempt: ZooKeeper registers a watcher once per node however often
    // it is passed, so a waiter that looks again never wakes twice for one deletion.
    private Watcher wake;

    public ClassicLock(ZooKeeperClient zk, String dir, String owner, Flaw flaw, HoldListener events) {
        this.zk = zk;
        this.dir = dir;
        this.owner = owner;
        this.flaw = flaw;
        this.events = events;
        this.nodes = new AttemptNodes(zk, dir, owner);
    }

    /** Completes with the node's czxid (the fencing token) once held; fails if the attempt cannot go on. */
    public CompletionStage<Long> acquire() {
        int mine = ++attempt;
        node = null;
        held = false;
        suspended = false;
        expiredWhileWaiting = false;
        pending = new CompletableFuture<>();
        wake = event -> {
            if (event.type() != EventType.None && mine == attempt) {
                check(mine);
            }
        };
        CompletableFuture<Long> result = pending;
        Nodes.ensure(zk, dir).thenRun(() -> create(mine));
        return result;
    }

    /** Lets the lock go, or abandons the attempt in progress. */
    public CompletionStage<Void> release() {
        int abandoned = attempt++;
        held = false;
        fail(new CancellationException("released"));
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
        } else if (held && !suspended) {
            suspended = true;
            events.suspended();
        }
    }

    private void reconnected() {
        if (held && suspended) {
            confirm(attempt);
        } else if (expiredWhileWaiting && pending != null) {
            // OLD_NODE_AFTER_EXPIRY: the woken waiter lists again with its old node's name.
            expiredWhileWaiting = false;
            check(attempt);
        }
    }

    private void sessionLost() {
        if (held) {
            held = false;
            node = null;
            events.lost();
        } else if (pending != null && flaw == Flaw.OLD_NODE_AFTER_EXPIRY) {
            expiredWhileWaiting = true;
        } else {
            node = null;
            fail(KeeperException.create(KeeperException.Code.SESSIONEXPIRED, dir));
        }
    }

    /** Back from SUSPENDED: the hold goes on only if the node is still there. */
    private void confirm(int mine) {
        nodes.whetherStillThere(node, there -> {
            if (mine != attempt || !held || !suspended) {
                return;
            }
            suspended = false;
            if (there) {
                events.held(token);
            } else {
                held = false;
                events.lost();
            }
        });
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
                fail(error);
            } else {
                adopted(mine, made.name(), made.czxid());
            }
        });
    }

    /** CURATOR-45: a plain create; after a lost reply nobody knows whether, or which, node landed. */
    private void createUnprotected(int mine) {
        zk.createWithStat(dir + "/lock-", Nodes.EMPTY, CreateMode.EPHEMERAL_SEQUENTIAL).whenComplete((created, error) -> {
            if (mine != attempt) {
                if (created != null) {
                    deleteOwn(created.path());
                }
            } else if (created != null) {
                adopted(mine, created.path().substring(dir.length() + 1), created.stat().czxid());
            } else {
                fail(error);
            }
        });
    }

    private void adopted(int mine, String name, long czxid) {
        node = name;
        token = czxid;
        check(mine);
    }

    private void check(int mine) {
        zk.getChildren(dir, false).whenComplete((children, error) -> {
            if (mine != attempt || pending == null || expiredWhileWaiting) {
                return;
            }
            if (error != null) {
                if (Nodes.connectionLoss(error)) {
                    check(mine);
                } else if (!expiredWhileWaiting) {
                    fail(error);
                }
                return;
            }
            turn(mine, Nodes.bySequence(withoutDuplicates(mine, children)));
        });
    }

    private List<String> withoutDuplicates(int mine, List<String> children) {
        return flaw == Flaw.UNPROTECTED_CREATE ? children : nodes.withoutDuplicates(mine, node, children);
    }

    private void turn(int mine, List<String> sorted) {
        int index = sorted.indexOf(node);
        if (index < 0) {
            node = null;
            fail(KeeperException.create(KeeperException.Code.NONODE, dir));
        } else if (index == 0) {
            held = true;
            CompletableFuture<Long> granted = pending;
            pending = null;
            granted.complete(token);
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
        return Nodes.delete(zk, path);
    }

    private void fail(Throwable error) {
        if (pending != null) {
            CompletableFuture<Long> failed = pending;
            pending = null;
            failed.completeExceptionally(error);
        }
    }
}

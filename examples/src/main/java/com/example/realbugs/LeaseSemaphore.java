package com.example.realbugs;

import dev.zksim.api.KeeperException;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A counting semaphore as Curator's InterProcessSemaphoreV2 builds it: each lease is an
 * EPHEMERAL_SEQUENTIAL node, and a caller holds a lease once its node is among the first
 * {@code permits} children; otherwise it watches the children and looks again.
 *
 * <p>Every request waits out a lost connection as Curator's retry loop does: a request that
 * meets a connection loss is sent again once the client is connected, unless the connection
 * stays down longer than the connection timeout (a quarter of the session timeout, Curator's
 * default ratio of 15 s to 60 s), and then it fails while the session may still live.
 *
 * <p>{@code orphanOnReadError} is CURATOR-335 (fixed in Curator 2.11.0 and 3.2.0): when the
 * listing that follows the create fails so, the acquisition fails and the lease node it
 * created stays, counted as a lease for as long as the session lives. Each such failure takes
 * a permit away for good. The fix deletes the node before it fails.
 */
public final class LeaseSemaphore {
    /** How long a listing that lost its connection waits before it is sent again on a connection that is back. */
    private static final long RETRY_AFTER_MICROS = 10_000;
    private final ZooKeeperClient zk;
    private final String dir;
    private final String owner;
    private final int permits;
    private final boolean orphanOnReadError;
    private final HoldListener events;
    private final AppTimer timer;
    private final AttemptNodes nodes;
    private int attempt;
    private String node;
    private long token;
    private boolean held;
    private boolean suspended;
    private boolean connected = true;
    /** The attempt whose listing waits for the connection to come back (0: none). */
    private int listingWaits;
    private CompletableFuture<Long> pending;
    // One watcher object per attempt, so that a caller that looks again never wakes twice for one change.
    private Watcher changed;

    public LeaseSemaphore(ZooKeeperClient zk, String dir, String owner, int permits, boolean orphanOnReadError,
            AppTimer timer, HoldListener events) {
        this.timer = timer;
        this.nodes = new AttemptNodes(zk, dir, owner);
        this.zk = zk;
        this.dir = dir;
        this.owner = owner;
        this.permits = permits;
        this.orphanOnReadError = orphanOnReadError;
        this.events = events;
    }

    /** Completes with the lease node's czxid once the lease is held. */
    public CompletionStage<Long> acquire() {
        int mine = ++attempt;
        node = null;
        held = false;
        suspended = false;
        pending = new CompletableFuture<>();
        // As Curator's waiters do, a waiter looks again at every notification, a Disconnected too.
        changed = event -> {
            if (mine == attempt && pending != null && listingWaits != mine) {
                count(mine);
            }
        };
        CompletableFuture<Long> result = pending;
        Nodes.ensure(zk, dir).thenRun(() -> create(mine));
        return result;
    }

    /** Returns the lease, or abandons the attempt in progress. */
    public CompletionStage<Void> release() {
        int abandoned = attempt++;
        held = false;
        fail(new CancellationException("released"));
        String mine = node;
        node = null;
        return mine != null ? Nodes.delete(zk, dir + "/" + mine) : nodes.deleteAttempt(abandoned, path -> Nodes.delete(zk, path));
    }

    /** The connection changed; {@code connected} false means suspended, and {@code lost} that the session is gone. */
    public void connectionChanged(boolean connected, boolean lost) {
        this.connected = connected && !lost;
        if (lost) {
            node = null;
            listingWaits = 0;
            if (held) {
                held = false;
                events.lost();
            }
            fail(KeeperException.create(KeeperException.Code.SESSIONEXPIRED, dir));
        } else if (connected && listingWaits == attempt && pending != null) {
            listingWaits = 0;
            count(attempt);
        } else if (connected && held && suspended) {
            confirm(attempt);
        } else if (!connected && held && !suspended) {
            suspended = true;
            events.suspended();
        }
    }

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

    /** A protected create, as Curator's: after a lost reply, the attempt's own node is looked for first. */
    private void create(int mine) {
        nodes.create(mine, "lease-", () -> mine == attempt).whenComplete((made, error) -> {
            if (mine != attempt) {
                return;
            }
            if (error != null) {
                fail(error);
            } else {
                node = made.name();
                token = made.czxid();
                count(mine);
            }
        });
    }

    /** Lists the leases with a watch; this attempt holds once its node is among the first {@code permits}. */
    private void count(int mine) {
        zk.getChildren(dir, changed).whenComplete((children, error) -> {
            if (mine != attempt || pending == null) {
                return;
            }
            if (error != null) {
                listingFailed(mine, error);
                return;
            }
            List<String> sorted = Nodes.bySequence(nodes.withoutDuplicates(mine, node, children));
            int index = sorted.indexOf(node);
            if (index < 0) {
                node = null;
                fail(KeeperException.create(KeeperException.Code.NONODE, dir));
            } else if (index < permits) {
                held = true;
                CompletableFuture<Long> granted = pending;
                pending = null;
                granted.complete(token);
            }
        });
    }

    /** A listing that lost its connection is sent again once connected, unless the connection timeout runs out first. */
    private void listingFailed(int mine, Throwable error) {
        if (!Nodes.connectionLoss(error)) {
            giveUp(error);
        } else if (connected) {
            timer.after(RETRY_AFTER_MICROS, () -> {
                if (mine == attempt && pending != null) {
                    count(mine);
                }
            });
        } else {
            listingWaits = mine;
            long connectionTimeoutMicros = zk.sessionTimeout() * 1000L / 4;
            timer.after(connectionTimeoutMicros, () -> {
                if (listingWaits == mine && mine == attempt && pending != null) {
                    listingWaits = 0;
                    giveUp(error);
                }
            });
        }
    }

    private void giveUp(Throwable error) {
        String mineNode = node;
        node = null;
        if (!orphanOnReadError && mineNode != null) {
            Nodes.delete(zk, dir + "/" + mineNode);
        }
        fail(error);
    }

    private void fail(Throwable error) {
        if (pending != null) {
            CompletableFuture<Long> failed = pending;
            pending = null;
            failed.completeExceptionally(error);
        }
    }
}

package com.example.realbugs;

import com.example.coordination.ZkNodes;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import java.util.List;
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
    private final AppTimer timer;
    private final AttemptNodes nodes;
    private final Hold hold;
    private int attempt;
    private String node;
    private boolean connected = true;
    /** The attempt whose listing waits for the connection to come back (0: none). */
    private int listingWaits;
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
        this.hold = new Hold(events);
    }

    /** Completes with the lease node's czxid once the lease is held. */
    public CompletionStage<Long> acquire() {
        int mine = ++attempt;
        node = null;
        CompletableFuture<Long> result = hold.begin();
        // As Curator's waiters do, a waiter looks again at every notification, a Disconnected too.
        changed = event -> {
            if (mine == attempt && hold.waiting() && listingWaits != mine) {
                count(mine);
            }
        };
        ZkNodes.ensure(zk, dir).thenRun(() -> create(mine));
        return result;
    }

    /** Returns the lease, or abandons the attempt in progress. */
    public CompletionStage<Void> release() {
        int abandoned = attempt++;
        hold.release();
        String mine = node;
        node = null;
        return mine != null ? ZkNodes.delete(zk, dir + "/" + mine) : nodes.deleteAttempt(abandoned);
    }

    /** The connection changed; {@code connected} false means suspended, and {@code lost} that the session is gone. */
    public void connectionChanged(boolean connected, boolean lost) {
        this.connected = connected && !lost;
        int mine = attempt;
        if (lost) {
            node = null;
            listingWaits = 0;
            hold.lose();
            hold.fail(KeeperException.create(KeeperException.Code.SESSIONEXPIRED, dir));
        } else if (connected && listingWaits == mine && hold.waiting()) {
            listingWaits = 0;
            count(mine);
        } else if (connected && hold.unconfirmed()) {
            hold.confirm(nodes, node, () -> mine == attempt);
        } else if (!connected) {
            hold.suspend();
        }
    }

    /** A protected create, as Curator's: after a lost reply, the attempt's own node is looked for first. */
    private void create(int mine) {
        nodes.create(mine, "lease-", () -> mine == attempt).whenComplete((made, error) -> {
            if (mine != attempt) {
                return;
            }
            if (error != null) {
                hold.fail(error);
            } else {
                node = made.name();
                hold.adopt(made.czxid());
                count(mine);
            }
        });
    }

    /** Lists the leases with a watch; this attempt holds once its node is among the first {@code permits}. */
    private void count(int mine) {
        zk.getChildren(dir, changed).whenComplete((children, error) -> {
            if (mine != attempt || !hold.waiting()) {
                return;
            }
            if (error != null) {
                listingFailed(mine, error);
                return;
            }
            List<String> sorted = ZkNodes.bySequence(nodes.withoutDuplicates(mine, node, children));
            int index = sorted.indexOf(node);
            if (index < 0) {
                node = null;
                hold.fail(KeeperException.create(KeeperException.Code.NONODE, dir));
            } else if (index < permits) {
                hold.grant();
            }
        });
    }

    /** A listing that lost its connection is sent again once connected, unless the connection timeout runs out first. */
    private void listingFailed(int mine, Throwable error) {
        if (!ZkNodes.connectionLoss(error)) {
            giveUp(error);
        } else if (connected) {
            timer.after(RETRY_AFTER_MICROS, () -> {
                if (mine == attempt && hold.waiting()) {
                    count(mine);
                }
            });
        } else {
            listingWaits = mine;
            long connectionTimeoutMicros = zk.sessionTimeout() * 1000L / 4;
            timer.after(connectionTimeoutMicros, () -> {
                if (listingWaits == mine && mine == attempt && hold.waiting()) {
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
            ZkNodes.delete(zk, dir + "/" + mineNode);
        }
        hold.fail(error);
    }
}

package com.example.realbugs;

import dev.zksim.api.CreateMode;
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
        return mine != null ? Nodes.delete(zk, dir + "/" + mine) : deleteAttempt(abandoned);
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
        zk.exists(dir + "/" + node, false).whenComplete((stat, error) -> {
            if (mine != attempt || !held || !suspended || Nodes.connectionLoss(error)) {
                return;
            }
            suspended = false;
            if (stat != null) {
                events.held(token);
            } else {
                held = false;
                events.lost();
            }
        });
    }

    private String prefix(int mine) {
        return owner + "-" + mine + "-";
    }

    /** A protected create, as Curator's: after a lost reply, the attempt's own node is looked for first. */
    private void create(int mine) {
        zk.createWithStat(dir + "/" + prefix(mine) + "lease-", Nodes.EMPTY, CreateMode.EPHEMERAL_SEQUENTIAL)
                .whenComplete((created, error) -> {
                    if (mine != attempt) {
                        if (created != null) {
                            Nodes.delete(zk, created.path());
                        } else if (Nodes.connectionLoss(error)) {
                            deleteAttempt(mine);
                        }
                    } else if (created != null) {
                        node = created.path().substring(dir.length() + 1);
                        token = created.stat().czxid();
                        count(mine);
                    } else if (Nodes.connectionLoss(error)) {
                        findOwn(mine);
                    } else {
                        fail(error);
                    }
                });
    }

    private void findOwn(int mine) {
        zk.sync(dir).thenCompose(synced -> zk.getChildren(dir, false)).whenComplete((children, error) -> {
            if (mine != attempt) {
                return;
            }
            if (error != null) {
                if (Nodes.connectionLoss(error)) {
                    findOwn(mine);
                } else {
                    fail(error);
                }
                return;
            }
            String found = children.stream().filter(child -> child.startsWith(prefix(mine))).findFirst().orElse(null);
            if (found == null) {
                create(mine);
                return;
            }
            zk.exists(dir + "/" + found, false).whenComplete((stat, statError) -> {
                if (mine == attempt && stat == null) {
                    findOwn(mine);
                } else if (mine == attempt) {
                    node = found;
                    token = stat.czxid();
                    count(mine);
                }
            });
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
            List<String> sorted = Nodes.bySequence(withoutDuplicates(mine, children));
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

    /** A create retried after a lost reply can land twice: the other node of this attempt goes. */
    private List<String> withoutDuplicates(int mine, List<String> children) {
        return children.stream().filter(child -> {
            boolean duplicate = child.startsWith(prefix(mine)) && !child.equals(node);
            if (duplicate) {
                Nodes.delete(zk, dir + "/" + child);
            }
            return !duplicate;
        }).toList();
    }

    private CompletionStage<Void> deleteAttempt(int abandoned) {
        // The sync brings the server up to date first: after a lost reply the create may have
        // landed on the leader but not yet on the server this session now talks to.
        return zk.sync(dir).thenCompose(synced -> zk.getChildren(dir, false)).handle((children, error) -> {
            if (Nodes.connectionLoss(error)) {
                return deleteAttempt(abandoned);
            }
            CompletionStage<Void> all = CompletableFuture.completedFuture(null);
            for (String child : children == null ? List.<String>of() : children) {
                if (child.startsWith(prefix(abandoned))) {
                    all = all.thenCompose(ignored -> Nodes.delete(zk, dir + "/" + child));
                }
            }
            return all;
        }).thenCompose(stage -> stage);
    }

    private void fail(Throwable error) {
        if (pending != null) {
            CompletableFuture<Long> failed = pending;
            pending = null;
            failed.completeExceptionally(error);
        }
    }
}

package com.example.coordination;

import dev.zksim.api.KeeperException;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * A user's own leader election, the recipes page's: each candidate creates a sequential
 * ephemeral node, the lowest leads, every other candidate watches its predecessor and lists
 * again when the predecessor goes. The leader's epoch is the czxid of its node: the next
 * leader's node is higher in the sequence and so was created later.
 *
 * <p>{@code recheck = false} builds the classic bug: a candidate whose predecessor goes takes
 * over at once, which is wrong when the predecessor was a follower that crashed.
 */
public final class SimpleElection {
    /** What the election tells its candidate. */
    public interface Listener {
        void leading(long epoch);

        void suspended();

        void lost();

        void withdrawn();
    }

    private final ZooKeeperClient zk;
    private final String dir;
    private final String owner;
    private final boolean recheck;
    private final Listener listener;
    private int attempt;
    private boolean running;
    private boolean leading;
    private boolean suspended;
    private String node;
    private long epoch;
    private Watcher predecessorWatcher;

    public SimpleElection(ZooKeeperClient zk, String dir, String owner, boolean recheck, Listener listener) {
        this.zk = zk;
        this.dir = dir;
        this.owner = owner;
        this.recheck = recheck;
        this.listener = listener;
    }

    /** Enters the election. */
    public void start() {
        int mine = ++attempt;
        running = true;
        leading = false;
        node = null;
        predecessorWatcher = event -> predecessorGone(mine);
        create(mine);
    }

    /** Withdraws; the stage completes once the node is gone. */
    public CompletionStage<Void> stop() {
        int withdrawn = attempt++;
        boolean wasRunning = running;
        running = false;
        leading = false;
        if (wasRunning) {
            listener.withdrawn();
        }
        return node != null ? ZkNodes.delete(zk, dir + "/" + node) : ZkNodes.deleteAll(zk, dir, prefix(withdrawn));
    }

    /** The connection changed; {@code connected} false means suspended, {@code lost} that the session is gone. */
    public void connectionChanged(boolean connected, boolean lost) {
        if (lost && running) {
            attempt++;
            running = false;
            leading = false;
            listener.lost();
        } else if (!connected && leading && !suspended) {
            suspended = true;
            listener.suspended();
        } else if (connected && leading && suspended) {
            confirmAfterReconnect(attempt);
        }
    }

    /**
     * Back from SUSPENDED: lead again only if the node is still there. A connection lost again
     * before the answer leaves the candidate suspended for the next reconnect to confirm; an
     * answer of "no node" (or of an expired session) ends the candidacy.
     */
    private void confirmAfterReconnect(int mine) {
        zk.exists(dir + "/" + node, false).whenComplete((stat, error) -> {
            if (mine != attempt || !leading || !suspended) {
                return;
            }
            if (error != null && ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS) {
                return;
            }
            suspended = false;
            if (stat != null) {
                listener.leading(epoch);
            } else {
                giveUp(mine);
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
                retryOrGiveUp(mine, error, () -> create(mine));
            } else {
                node = created.name();
                epoch = created.czxid();
                check(mine);
            }
        });
    }

    private void check(int mine) {
        zk.getChildren(dir, false).whenComplete((children, error) -> {
            if (mine != attempt || leading) {
                return;
            }
            if (error != null) {
                retryOrGiveUp(mine, error, () -> check(mine));
                return;
            }
            List<String> sorted = ZkNodes.withoutOwnLeftovers(zk, dir, children, owner + "-", node);
            sorted.sort(Comparator.comparing(ZkNodes::sequence));
            int index = sorted.indexOf(node);
            if (index < 0) {
                giveUp(mine);
            } else if (index == 0) {
                lead();
            } else {
                watch(mine, sorted.get(index - 1));
            }
        });
    }

    private void watch(int mine, String predecessor) {
        zk.exists(dir + "/" + predecessor, predecessorWatcher).whenComplete((stat, error) -> {
            if (mine != attempt || leading) {
                return;
            }
            if (error != null) {
                retryOrGiveUp(mine, error, () -> check(mine));
            } else if (stat == null) {
                check(mine);
            }
        });
    }

    private void predecessorGone(int mine) {
        if (mine == attempt && running && !leading) {
            if (recheck) {
                check(mine);
            } else {
                lead();
            }
        }
    }

    private void lead() {
        leading = true;
        suspended = false;
        listener.leading(epoch);
    }

    private void retryOrGiveUp(int mine, Throwable error, Runnable retry) {
        if (ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS) {
            retry.run();
        } else {
            giveUp(mine);
        }
    }

    /** The candidacy cannot go on (session expired, node gone): report it lost. */
    private void giveUp(int mine) {
        if (mine == attempt && running) {
            attempt++;
            running = false;
            leading = false;
            listener.lost();
        }
    }
}

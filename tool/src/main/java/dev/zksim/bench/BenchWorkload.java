package dev.zksim.bench;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletionException;

/**
 * The work {@code zksim bench vs-real} gives both a real ZooKeeper and zksim, written only
 * against the public client API so that the very same code drives both. One instance drives
 * one client handle; it calls {@code done} once when its last round completes.
 *
 * <ul>
 *   <li>{@link Kind#LOCK}: each round creates an EPHEMERAL_SEQUENTIAL node under
 *       {@value #LOCK_ROOT}, lists the children, and while it is not the lowest sets an
 *       exists watch on its predecessor and lists again when that goes; as the lowest it
 *       deletes its node at once (zero hold). No faults, so no recovery paths.</li>
 *   <li>{@link Kind#READ_HEAVY} and {@link Kind#WRITE_HEAVY}: four operations per round on
 *       the client's own node, one in ten a setData (read-heavy) or a getData (write-heavy),
 *       so a round costs the same number of requests as a lock round.</li>
 * </ul>
 *
 * <p>Any failed call is a broken benchmark, not a result: it is reported through
 * {@code failed} and the client stops.
 */
public final class BenchWorkload {
    /** The parent of every lock node; {@link #prepare} creates it. */
    public static final String LOCK_ROOT = "/bench-lock";
    /** The parent of every client's own node in the read and write mixes. */
    public static final String MIX_ROOT = "/bench-mix";
    private static final int OPS_PER_MIX_ROUND = 4;
    private static final byte[] PAYLOAD = new byte[16];

    /** Which workload a configuration runs. */
    public enum Kind {
        LOCK, READ_HEAVY, WRITE_HEAVY;

        /** The name printed in the report, such as {@code read-heavy}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** Told once per client, on whatever thread completed the client's last call. */
    public interface Listener {
        void done();

        void failed(Throwable error);
    }

    private final Kind kind;
    private final ZooKeeperClient zk;
    private final int client;
    private final int rounds;
    private final Listener listener;
    private int round;
    private int step;
    /** This round's lock node: its full path, as the create returned it, and its name under the root. */
    private String myPath;
    private String myNode;

    public BenchWorkload(Kind kind, ZooKeeperClient zk, int client, int rounds, Listener listener) {
        this.kind = kind;
        this.zk = zk;
        this.client = client;
        this.rounds = rounds;
        this.listener = listener;
    }

    /** The node every client of a mix works on; its parent must exist. */
    static String mixNode(int client) {
        return MIX_ROOT + "/c" + client;
    }

    /**
     * Starts the client's rounds; all later calls go out from completions of earlier ones.
     * Every client first creates the shared parent and (in a mix) its own node, accepting
     * NodeExists, so that a warm run on an ensemble that already has them works the same.
     */
    public void start() {
        String root = kind == Kind.LOCK ? LOCK_ROOT : MIX_ROOT;
        createIfAbsent(root, () -> {
            if (kind == Kind.LOCK) {
                nextLockRound();
            } else {
                createIfAbsent(mixNode(client), this::nextMixStep);
            }
        });
    }

    /**
     * Creates the node and runs {@code then}, also when the node exists. With {@code handle},
     * not {@code whenComplete}, whose stage fails with the NodeExists that all but one client
     * of every run get, wrapped in a new CompletionException: filling in that exception's stack
     * trace was 0.8% of a simulated 1/10/20 run's CPU. The callback runs at the same point
     * either way.
     */
    private void createIfAbsent(String path, Runnable then) {
        zk.create(path, PAYLOAD, CreateMode.PERSISTENT).handle((created, error) -> {
            Throwable cause = error instanceof CompletionException wrapped && wrapped.getCause() != null
                    ? wrapped.getCause() : error;
            if (cause == null || cause instanceof KeeperException keeper && keeper.code() == Code.NODEEXISTS) {
                then.run();
            } else {
                listener.failed(cause);
            }
            return null;
        });
    }

    // ---- Lock ----------------------------------------------------------------------------

    private void nextLockRound() {
        if (round == rounds) {
            listener.done();
            return;
        }
        round++;
        zk.create(LOCK_ROOT + "/n-", null, CreateMode.EPHEMERAL_SEQUENTIAL).whenComplete((path, error) -> {
            if (error != null) {
                listener.failed(error);
                return;
            }
            myPath = path;
            myNode = path.substring(LOCK_ROOT.length() + 1);
            checkPosition();
        });
    }

    /** Lists the contenders; the lowest holds the lock, everyone else watches its predecessor. */
    private void checkPosition() {
        zk.getChildren(LOCK_ROOT, false).whenComplete((children, error) -> {
            if (error != null) {
                listener.failed(error);
                return;
            }
            String predecessor = predecessorOf(children, myNode);
            if (predecessor == null) {
                release();
            } else {
                watch(predecessor);
            }
        });
    }

    private void watch(String predecessor) {
        zk.exists(LOCK_ROOT + "/" + predecessor, this::predecessorChanged).whenComplete((stat, error) -> {
            if (error != null) {
                listener.failed(error);
            } else if (stat == null) {
                checkPosition();
            }
        });
    }

    private void predecessorChanged(WatchedEvent event) {
        if (event.path() != null) {
            checkPosition();
        }
    }

    private void release() {
        zk.delete(myPath, -1).whenComplete((ignored, error) -> {
            if (error != null) {
                listener.failed(error);
            } else {
                nextLockRound();
            }
        });
    }

    /**
     * The node just below {@code mine} in sequence order, or null if mine is the lowest.
     * Names are "n-" plus a ten-digit counter, so string order is sequence order. One pass
     * over the list, as a careful recipe does: sorting every listing would make the client's
     * own work, on both sides, grow as n log n per listing with a few hundred contenders.
     * One comparison with {@code mine} per child tells both whether it is mine and whether
     * it is below: this scan runs over every child of every listing.
     */
    static String predecessorOf(List<String> children, String mine) {
        String predecessor = null;
        boolean found = false;
        for (String child : children) {
            int order = child.compareTo(mine);
            if (order == 0) {
                found = true;
            } else if (order < 0 && (predecessor == null || child.compareTo(predecessor) > 0)) {
                predecessor = child;
            }
        }
        if (!found) {
            throw new IllegalStateException("own lock node " + mine + " missing from " + children);
        }
        return predecessor;
    }

    // ---- Read and write mixes ------------------------------------------------------------

    private void nextMixStep() {
        if (step == rounds * OPS_PER_MIX_ROUND) {
            listener.done();
            return;
        }
        // One operation in ten is the minority kind, spread evenly over the clients' steps.
        boolean minority = (step + client) % 10 == 0;
        boolean write = (kind == Kind.WRITE_HEAVY) != minority;
        step++;
        var call = write ? zk.setData(mixNode(client), PAYLOAD, -1) : zk.getData(mixNode(client), false);
        call.whenComplete((result, error) -> {
            if (error != null) {
                listener.failed(error);
            } else {
                nextMixStep();
            }
        });
    }
}

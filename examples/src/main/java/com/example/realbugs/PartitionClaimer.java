package com.example.realbugs;

import com.example.coordination.ZkNodes;
import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The partitions of a set shared among the members of a group, as kazoo's SetPartitioner
 * shares them: each member takes the partitions its view of the group assigns it (partition
 * p to the member at index p mod n) and owns one only once it holds the partition's EPHEMERAL
 * claim node {@code dir/p}; a claim held by another waits for that node to go.
 *
 * <p>{@code keepsOwningWhenDisconnected} is the flaw kazoo's PR #148 fixed (kazoo 2.0): the
 * partitioner did not react to SUSPENDED, so a member cut off from the ensemble went on working
 * on its partitions while its session expired, its claims went with it and other members
 * claimed and worked on them too. The fix stops working on every partition when the
 * connection is suspended and claims its partitions again once connected.
 */
public final class PartitionClaimer {
    private final ZooKeeperClient zk;
    private final String dir;
    private final String name;
    private final int partitions;
    private final boolean keepsOwningWhenDisconnected;
    private final Consumer<SortedSet<Integer>> ownedChanged;
    private final SortedSet<Integer> owned = new TreeSet<>();
    /** Whether this session holds each partition's claim node, as far as this member knows. */
    private final boolean[] claimHeld;
    /**
     * Whether a request about the partition's claim is under way. One at a time per partition:
     * a claim node's name is reused by whoever claims next, so a delete that overlapped a
     * create of this member, or was sent twice, could take another member's claim.
     */
    private final boolean[] busy;
    private Set<Integer> wanted = Set.of();
    private boolean active;
    private boolean connected = true;

    public PartitionClaimer(ZooKeeperClient zk, String dir, String name, int partitions,
            boolean keepsOwningWhenDisconnected, Consumer<SortedSet<Integer>> ownedChanged) {
        this.zk = zk;
        this.dir = dir;
        this.name = name;
        this.partitions = partitions;
        this.keepsOwningWhenDisconnected = keepsOwningWhenDisconnected;
        this.ownedChanged = ownedChanged;
        this.claimHeld = new boolean[partitions];
        this.busy = new boolean[partitions];
    }

    /** The member joined: it claims what its views assign it from now on. */
    public void start() {
        active = true;
        reconcileAll();
    }

    /** The member leaves: it stops working on every partition and gives its claims up. */
    public void stop() {
        active = false;
        wanted = Set.of();
        disownAll();
        reconcileAll();
    }

    /** The member's view of the group changed. */
    public void rebalance(List<String> view) {
        if (!active) {
            return;
        }
        int index = view.indexOf(name);
        TreeSet<Integer> assigned = new TreeSet<>();
        for (int partition = 0; index >= 0 && partition < partitions; partition++) {
            if (partition % view.size() == index) {
                assigned.add(partition);
            }
        }
        wanted = assigned;
        if (owned.removeIf(partition -> !assigned.contains(partition))) {
            report();
        }
        reconcileAll();
    }

    /** The connection changed; {@code connected} false means suspended, and {@code lost} that the session is gone. */
    public void connectionChanged(boolean connected, boolean lost) {
        this.connected = connected && !lost;
        if (lost) {
            active = false;
            wanted = Set.of();
            Arrays.fill(claimHeld, false);
            disownAll();
        } else if (!connected && !keepsOwningWhenDisconnected) {
            disownAll();
        } else if (connected) {
            reconcileAll();
        }
    }

    private void disownAll() {
        if (!owned.isEmpty()) {
            owned.clear();
            report();
        }
    }

    private void reconcileAll() {
        for (int partition = 0; partition < partitions; partition++) {
            reconcile(partition);
        }
    }

    /** Moves the partition one step toward what the member wants: claimed and owned, or given up. */
    private void reconcile(int partition) {
        if (busy[partition]) {
            return;
        }
        boolean want = active && wanted.contains(partition);
        if (want && claimHeld[partition]) {
            if ((connected || keepsOwningWhenDisconnected) && owned.add(partition)) {
                report();
            }
        } else if (want) {
            busy[partition] = true;
            claim(partition);
        } else if (claimHeld[partition]) {
            busy[partition] = true;
            giveUp(partition);
        }
    }

    private String path(int partition) {
        return dir + "/" + partition;
    }

    private void claim(int partition) {
        zk.create(path(partition), name.getBytes(StandardCharsets.UTF_8), CreateMode.EPHEMERAL).whenComplete((ok, error) -> {
            KeeperException.Code code = error == null ? KeeperException.Code.OK : ZkNodes.code(error);
            switch (code) {
                case OK -> done(partition, true);
                case NODEEXISTS, CONNECTIONLOSS -> whoseClaim(partition);
                case NONODE -> ZkNodes.ensure(zk, dir).thenRun(() -> claim(partition));
                default -> done(partition, false);
            }
        });
    }

    /** The claim exists, or a create's outcome is unknown: this session's, or another's to wait out. */
    private void whoseClaim(int partition) {
        zk.exists(path(partition), event -> {
            if (event.type() == EventType.NodeDeleted) {
                reconcile(partition);
            }
        }).whenComplete((stat, error) -> {
            if (ZkNodes.connectionLoss(error)) {
                whoseClaim(partition);
            } else if (error != null) {
                done(partition, false);
            } else if (stat == null) {
                busy[partition] = false;
                reconcile(partition);
            } else if (stat.ephemeralOwner() == zk.sessionId()) {
                done(partition, true);
            } else {
                // Another member's claim: the watch set here calls again once it goes.
                claimHeld[partition] = false;
                busy[partition] = false;
            }
        });
    }

    /** Deletes this session's claim; after a lost reply it looks again rather than delete a name another may hold now. */
    private void giveUp(int partition) {
        zk.delete(path(partition), -1).whenComplete((ok, error) -> {
            if (ZkNodes.connectionLoss(error)) {
                whoseClaim(partition);
            } else {
                done(partition, false);
            }
        });
    }

    private void done(int partition, boolean held) {
        claimHeld[partition] = held;
        busy[partition] = false;
        reconcile(partition);
    }

    private void report() {
        ownedChanged.accept(new TreeSet<>(owned));
    }
}

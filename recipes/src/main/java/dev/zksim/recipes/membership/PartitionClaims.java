package dev.zksim.recipes.membership;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.recipes.support.EnsurePath;
import dev.zksim.recipes.support.Stages;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Partition ownership for a group member: each partition p has a claim node
 * {@code dir/p} (EPHEMERAL, data = the member's name), and a member owns p exactly while its
 * session holds that node. {@link #rebalance} is called with every view of the group: the
 * member releases the partitions it should no longer own and claims those it should
 * ({@link PartitionAssignment}); a claim taken by another member is watched and tried again
 * when it goes. A view may be stale, so the view only decides what to ask for; the claim node
 * decides who owns, and two members can never both own a partition.
 *
 * <p>The owner is told the set it owns after every change. It stops owning the moment it
 * decides to release (before the delete is sent, so the next owner may already be told it
 * owns while the delete's reply is in flight), and on SUSPENDED (its session may be expiring
 * on the servers), when it is told it owns nothing; back on CONNECTED it re-reads its claims
 * and owns those still its own.
 * Expired (LOST) ends every claim. Nothing here blocks.
 *
 * <p>A claim whose create failed with a connection loss stays in doubt until the member sees
 * the node as its own: the create may still commit long after a read said the node was not
 * there (the old leader had proposed it, and a new leader commits it on recovery). Such a
 * node, held by this session but wanted by nobody here, would block its partition for as long
 * as the session lives, so an in-doubt claim that is no longer wanted is watched until the node
 * appears and is then given back.
 */
public final class PartitionClaims {
    private final ZooKeeperClient zk;
    private final String dir;
    private final String name;
    private final int partitions;
    private final Consumer<SortedSet<Integer>> owned;
    private final SortedSet<Integer> claims = new TreeSet<>();
    private final SortedSet<Integer> releasing = new TreeSet<>();
    /** Claims whose create failed with a connection loss and may still land. */
    private final SortedSet<Integer> inDoubt = new TreeSet<>();
    private SortedSet<Integer> target = new TreeSet<>();
    private boolean connected = true;
    private boolean stopped;

    /**
     * @param owned told the set of partitions this member owns, after every change
     */
    public PartitionClaims(ZooKeeperClient zk, ConnectionStates connection, String dir, String name, int partitions,
            Consumer<SortedSet<Integer>> owned) {
        this.zk = zk;
        this.dir = dir;
        this.name = name;
        this.partitions = partitions;
        this.owned = owned;
        connection.subscribe(this::onConnection);
    }

    /** Owns what the view assigns this member: releases the surplus first, then claims the rest. */
    public void rebalance(List<String> view) {
        if (stopped) {
            return;
        }
        target = PartitionAssignment.target(view, name, partitions);
        for (Integer p : new TreeSet<>(claims)) {
            if (!target.contains(p)) {
                release(p);
            }
        }
        for (Integer p : target) {
            if (!claims.contains(p)) {
                claim(p);
            }
        }
    }

    /** Claims again from the next view on (the member joined again after {@link #stop}). */
    public void start() {
        stopped = false;
    }

    /** Releases every claim and stops claiming (the member leaves the group). */
    public void stop() {
        stopped = true;
        target = new TreeSet<>();
        for (Integer p : new TreeSet<>(claims)) {
            release(p);
        }
    }

    private String path(int p) {
        return dir + "/" + p;
    }

    private void claim(int p) {
        if (releasing.contains(p)) {
            // Our own node is being deleted; the delete's completion claims again if still wanted.
            return;
        }
        zk.create(path(p), name.getBytes(StandardCharsets.UTF_8), CreateMode.EPHEMERAL).whenComplete((created, error) -> {
            if (error == null) {
                claimed(p);
            } else if (Stages.is(error, KeeperException.Code.NONODE)) {
                EnsurePath.ensure(zk, dir).whenComplete((ok, failure) -> {
                    if (wants(p)) {
                        claim(p);
                    }
                });
            } else if (Stages.is(error, KeeperException.Code.NODEEXISTS)) {
                // Ours if an earlier create whose reply was lost was applied; otherwise someone else's: wait for it to go.
                checkClaim(p);
            } else if (Stages.isRecoverable(error)) {
                inDoubt.add(p);
                checkClaim(p);
            }
        });
    }

    /**
     * Reads the claim node: ours is owned if still wanted and given back otherwise (a node this
     * session holds but no longer wants would block its next owner for as long as the session
     * lives); another member's is watched until it is deleted.
     */
    private void checkClaim(int p) {
        zk.getData(path(p), event -> {
            if (event.type() == EventType.NodeDeleted) {
                claimOrAwait(p);
            }
        }).whenComplete((data, error) -> {
            if (error == null && data.stat().ephemeralOwner() == zk.sessionId()) {
                inDoubt.remove(p);
                if (!releasing.contains(p)) {
                    claimed(p);
                }
            } else if (error != null && Stages.is(error, KeeperException.Code.NONODE)) {
                claimOrAwait(p);
            } else if (error != null && Stages.isRecoverable(error)) {
                checkClaim(p);
            }
        });
    }

    /** The claim node is not there: claim it if wanted, or else watch for an in-doubt create of ours to land. */
    private void claimOrAwait(int p) {
        if (wants(p)) {
            claim(p);
        } else if (inDoubt.contains(p)) {
            awaitLateCreate(p);
        }
    }

    /** Watches for the claim node to appear, and then reads whose it is (ours is given back if unwanted). */
    private void awaitLateCreate(int p) {
        zk.exists(path(p), event -> {
            if (event.type() == EventType.NodeCreated) {
                checkClaim(p);
            }
        }).whenComplete((stat, error) -> {
            if (error == null && stat != null) {
                checkClaim(p);
            } else if (error != null && Stages.isRecoverable(error)) {
                awaitLateCreate(p);
            }
        });
    }

    private boolean wants(int p) {
        return !stopped && target.contains(p) && !claims.contains(p) && !releasing.contains(p);
    }

    private void claimed(int p) {
        if (!target.contains(p) || stopped) {
            // The view moved on while the claim was in flight: give it back at once.
            deleteOwn(p);
            return;
        }
        if (claims.add(p)) {
            report();
        }
    }

    private void release(int p) {
        claims.remove(p);
        report();
        deleteOwn(p);
    }

    /**
     * Deletes the claim node if this session holds it (never another member's). Until the
     * delete is answered the partition is neither claimed nor owned by this member, so that
     * a claim cannot adopt the node the delete is about to remove.
     */
    private void deleteOwn(int p) {
        if (releasing.add(p)) {
            deleteIfOurs(p);
        }
    }

    private void deleteIfOurs(int p) {
        zk.getData(path(p), null).whenComplete((data, error) -> {
            if (error == null && data.stat().ephemeralOwner() == zk.sessionId()) {
                zk.delete(path(p), data.stat().version()).whenComplete((ok, failure) -> {
                    if (failure != null && Stages.isRecoverable(failure)) {
                        deleteIfOurs(p);
                    } else {
                        released(p);
                    }
                });
            } else if (error != null && Stages.isRecoverable(error)) {
                deleteIfOurs(p);
            } else {
                released(p);
            }
        });
    }

    private void released(int p) {
        releasing.remove(p);
        if (wants(p)) {
            claim(p);
        }
    }

    private void report() {
        if (connected) {
            owned.accept(new TreeSet<>(claims));
        }
    }

    private void onConnection(ConnectionState state) {
        switch (state) {
            case SUSPENDED -> {
                // The owner is told it owns nothing at once: its session may be expiring on the
                // servers. It must not wait to hear so elsewhere: a member whose join is still
                // under way in a new session has no other word of the suspension.
                if (connected && !claims.isEmpty()) {
                    owned.accept(new TreeSet<>());
                }
                connected = false;
            }
            case CONNECTED -> {
                connected = true;
                revalidate();
            }
            case LOST -> {
                connected = false;
                claims.clear();
                releasing.clear();
                inDoubt.clear();
            }
        }
    }

    /** Back from SUSPENDED: owns again only the claims the session still holds, then claims what is missing. */
    private void revalidate() {
        for (Integer p : new TreeSet<>(claims)) {
            claims.remove(p);
            if (target.contains(p)) {
                checkClaim(p);
            } else {
                deleteOwn(p);
            }
        }
        report();
        for (Integer p : target) {
            if (wants(p)) {
                claim(p);
            }
        }
    }
}

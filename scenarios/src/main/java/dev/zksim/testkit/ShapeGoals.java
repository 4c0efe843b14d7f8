package dev.zksim.testkit;

import dev.zksim.check.CacheOps;
import dev.zksim.client.RequestMatch;
import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.scenario.Goal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The standard goals of each recipe shape: the interesting cases a run of that shape should
 * sometimes reach (a holder lost its session while holding, a waiter gave up, leadership
 * changed hands), which every builder declares on the scenarios it builds, so that a sweep or
 * an exploration of a user's scenario says what it exercised and what it never did. The
 * catalogue's scenarios get the same goals from the same builders.
 *
 * <p>A user's goals add to these ({@link ScenarioBuilder#goals}); a test that wants its own
 * alone says {@link ScenarioBuilder#onlyGoals}. The lists are public for a custom scenario
 * that runs a known shape's operations:
 * <pre>{@code
 * Testkit.custom("my-leader-config").goals(ShapeGoals.election().toArray(Goal[]::new)) ...
 * }</pre>
 */
public final class ShapeGoals {

    private ShapeGoals() {
    }

    /** The ensemble's own goals, declared for every shape last: a client was disconnected, a session expired. */
    public static List<Goal> ensemble() {
        return List.of(
                Goal.traced("ClientEvent.Disconnected", 1, "a client was disconnected"),
                Goal.traced("ServerEvent.SessionExpired", 1, "a session expired"));
    }

    /** An exclusive lock's; with {@code giveUps}, a waiter gave up too. */
    /**
     * {@link #lock(boolean)}, and with {@code lostCreateReplies} (the scenario's plans can lose
     * the reply to a create) a lost reply hit a create: the create took effect and the client
     * cannot tell.
     */
    public static List<Goal> lock(boolean giveUps, boolean lostCreateReplies) {
        List<Goal> goals = new ArrayList<>(lock(giveUps));
        if (lostCreateReplies) {
            goals.add(Goal.traced(RequestMatch.REPLY_LOST + "create", 1, "a lost reply hit a create"));
        }
        return goals;
    }

    public static List<Goal> lock(boolean giveUps) {
        List<Goal> goals = new ArrayList<>(List.of(
                Goal.contended(OpKind.ACQUIRE, "two clients wanted the lock at once"),
                Goal.completedBy(OpKind.ACQUIRE, 2, "the lock passed from one client to another"),
                Goal.noticeWhileHolding(OpKind.ACQUIRE, OpKind.RELEASE, OpKind.LOST, "a holder lost its session while holding"),
                Goal.noticeWhileHolding(OpKind.ACQUIRE, OpKind.RELEASE, OpKind.SUSPENDED,
                        "a holder was disconnected while holding")));
        if (giveUps) {
            goals.add(Goal.gaveUp(OpKind.ACQUIRE, OpKind.RELEASE, "a waiter gave up"));
        }
        return goals;
    }

    /** A counting semaphore's; with {@code giveUps}, a waiter gave up too. */
    public static List<Goal> semaphore(boolean giveUps) {
        List<Goal> goals = new ArrayList<>(List.of(
                Goal.contended(OpKind.ACQUIRE, "two clients wanted a permit at once"),
                Goal.completedBy(OpKind.ACQUIRE, 2, "permits went to more than one client"),
                Goal.heldTogether(OpKind.ACQUIRE, OpKind.RELEASE, 2, "two clients held permits at once"),
                Goal.noticeWhileHolding(OpKind.ACQUIRE, OpKind.RELEASE, OpKind.LOST,
                        "a permit holder lost its session while holding")));
        if (giveUps) {
            goals.add(Goal.gaveUp(OpKind.ACQUIRE, OpKind.RELEASE, "a waiter gave up"));
        }
        return goals;
    }

    /** A shared read/write lock's. */
    public static List<Goal> readWriteLock() {
        return List.of(
                Goal.completedBy(OpKind.READ_LOCK, 2, "two readers shared the lock"),
                Goal.contended(OpKind.WRITE_LOCK, "two writers wanted the lock at once"),
                Goal.noticeWhileHolding(OpKind.WRITE_LOCK, OpKind.RELEASE, OpKind.LOST,
                        "a writer lost its session while holding"));
    }

    /** A leader election's. */
    public static List<Goal> election() {
        return List.of(
                Goal.completed(OpKind.ELECTED, "a candidate was elected"),
                Goal.completedBy(OpKind.ELECTED, 2, "leadership changed hands"),
                Goal.noticeWhileHolding(OpKind.ELECTED, OpKind.ABDICATED, OpKind.LOST, "a leader lost its session while leading"),
                // Told by the client library, not by the recipe: a zombie never reports SUSPENDED.
                Goal.noticeWhileHolding(OpKind.ELECTED, OpKind.ABDICATED, OpKind.DISCONNECTED,
                        "a leader was disconnected while leading"));
    }

    /** A controller's: an election's, and what its leaders' writes and its readers went through. */
    public static List<Goal> controller() {
        List<Goal> goals = new ArrayList<>(election());
        goals.add(Goal.completedBy(OpKind.STATE_WRITE, 2, "two leaders wrote the state"));
        goals.add(Goal.onHistory("fencing refused a write of a leader whose term was over", ShapeGoals::fencingRefusedAWrite));
        goals.add(Goal.onHistory("a reader read an older version than another had read before",
                ShapeGoals::aReaderReadAnOlderVersion));
        return goals;
    }

    /**
     * A queue's; with {@code giveUps}, a consumer gave a take up; with {@code redelivers} (a
     * queue that promises at-least-once delivery), an item was taken twice.
     */
    public static List<Goal> queue(boolean giveUps, boolean redelivers) {
        List<Goal> goals = new ArrayList<>(List.of(
                Goal.completed(OpKind.ENQUEUE, "an item was enqueued"),
                Goal.contended(OpKind.DEQUEUE, "two consumers dequeued at once"),
                Goal.completedBy(OpKind.DEQUEUE, 2, "items went to more than one consumer")));
        if (giveUps) {
            goals.add(Goal.gaveUp(OpKind.DEQUEUE, OpKind.RELEASE, "a consumer gave a take up"));
        }
        if (redelivers) {
            goals.add(Goal.repeated(OpKind.DEQUEUE, "an item was redelivered"));
        }
        return goals;
    }

    /** A simple barrier's. */
    public static List<Goal> barrier() {
        return List.of(
                Goal.completed(OpKind.LIFT, "the barrier was lifted"),
                Goal.completedBy(OpKind.ENTER, 2, "two clients passed the barrier"));
    }

    /** A double barrier's; with {@code giveUps}, a participant gave an enter up too. */
    public static List<Goal> doubleBarrier(boolean giveUps) {
        List<Goal> goals = new ArrayList<>(List.of(
                Goal.completedBy(OpKind.ENTER, 2, "two clients entered together"),
                Goal.completed(OpKind.LEAVE, "a client left the double barrier")));
        if (giveUps) {
            goals.add(Goal.gaveUp(OpKind.ENTER, OpKind.LEAVE, "a participant gave an enter up"));
        }
        return goals;
    }

    /** A group membership's. */
    public static List<Goal> membership() {
        return List.of(
                Goal.completedBy(OpKind.JOIN, 2, "two members joined"),
                Goal.completed(OpKind.VIEW, "a member saw the group"),
                Goal.happened(OpKind.LOST, OpType.OK, "a member lost its session"));
    }

    /** A watched configuration's. */
    public static List<Goal> configuration() {
        return List.of(
                Goal.completed(OpKind.CONFIG_WRITE, "a configuration was published"),
                Goal.completedBy(OpKind.CONFIG_READ, 2, "two clients read the configuration"));
    }

    /** A rendezvous's. */
    public static List<Goal> rendezvous() {
        return List.of(
                Goal.completed(OpKind.PUBLISH, "a worker published its address"),
                Goal.completed(OpKind.RENDEZVOUS, "the client found a worker"));
    }

    /** A naming service's. */
    public static List<Goal> naming() {
        return List.of(
                Goal.completedBy(OpKind.ALLOCATE, 2, "two clients were given names"),
                Goal.contended(OpKind.ALLOCATE, "two clients asked for names at once"));
    }

    /** A shared counter's. */
    public static List<Goal> counter() {
        return List.of(
                Goal.completedBy(OpKind.INCREMENT, 2, "two clients added to the counter"),
                Goal.contended(OpKind.INCREMENT, "two clients added to the counter at once"),
                Goal.completed(OpKind.COUNT, "a client read the counter"));
    }

    /** A directory cache's. */
    public static List<Goal> cache() {
        return List.of(
                Goal.completed(OpKind.CACHE_WRITE, "the writer changed the directory"),
                Goal.onHistory("a child was deleted and created again", ShapeGoals::childMadeAgain),
                Goal.completedBy(OpKind.CACHE_PUT, 2, "two readers' caches took in a change"));
    }

    /** Whether a completed create follows a completed delete of the same child. */
    private static boolean childMadeAgain(History history) {
        Set<String> deleted = new LinkedHashSet<>();
        for (Op op : history) {
            Optional<CacheOps.Write> write = CacheOps.Write.of(op).filter(any -> op.isOk());
            if (write.isPresent() && write.get().kind().equals("delete")) {
                deleted.add(write.get().child());
            } else if (write.isPresent() && write.get().kind().equals("create") && deleted.contains(write.get().child())) {
                return true;
            }
        }
        return false;
    }

    /** A two-phase commit's. */
    public static List<Goal> twoPhaseCommit() {
        return List.of(
                Goal.completed(OpKind.VOTE, "a site voted"),
                Goal.completedBy(OpKind.DECIDE, 2, "two sites learned the decision"));
    }

    /** A custom program's, which the testkit knows only by its history: two clients ran operations at once. */
    public static List<Goal> custom() {
        return List.of(Goal.overlapping("two clients had operations in flight at once"));
    }

    private static boolean fencingRefusedAWrite(History history) {
        return history.ops().stream().anyMatch(op -> op.f().equals(OpKind.STATE_WRITE) && op.type() == OpType.FAIL
                && op.note().contains("BADVERSION"));
    }

    /**
     * A reader at a lagging follower, reading without sync, read an older version than another
     * reader had read before: ZooKeeper allows it, and it is no stale state.
     */
    private static boolean aReaderReadAnOlderVersion(History history) {
        long newest = -1;
        for (var op : history.ofKinds(OpKind.STATE_READ)) {
            if (op.isOk()) {
                long version = op.value().elements().getFirst().asLong();
                if (version < newest) {
                    return true;
                }
                newest = Math.max(newest, version);
            }
        }
        return false;
    }
}

package dev.zksim.herd;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.doublebarrier.DoubleBarrier;
import dev.zksim.recipes.election.LeaderElection;
import dev.zksim.recipes.election.SeedArticleElection;
import dev.zksim.recipes.lock.ExclusiveLock;
import dev.zksim.recipes.lock.LockFileLock;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.lock.LowestWatchLock;
import dev.zksim.recipes.rwlock.ReadWriteLock;
import dev.zksim.recipes.support.ConnectionStates;

/**
 * The recipe variants the herd report measures, each with the directory it works in, what
 * one handoff is for it, and the growth the paper or the recipes page leads one to expect.
 */
public enum Variant {
    HERD_FREE_LOCK("herd-free lock", "lock", 1,
            "Each waiter watches its predecessor, so a release wakes one waiter: n-1 wake-ups (recipes page, Locks)."),
    LOCK_FILE("lock file", "lockfile", 2,
            "The paper's simple lock: every waiter watches the one lock file, so every release wakes every waiter,"
                    + " about n(n-1)/2 wake-ups; here twice that, because a waiter's exists on the missing file also"
                    + " watches for its re-creation, so the winner's create wakes every loser once more."),
    LOWEST_WATCH_LOCK("lowest-watch lock", "lowest", 2,
            "Every waiter watches the lowest node, so every release wakes every remaining waiter: n(n-1)/2."),
    LEADER_ELECTION("predecessor election", "election", 1,
            "Each candidate watches the next-lower candidate, so a leader's departure wakes one: n-1 (recipes page)."),
    SEED_ARTICLE_ELECTION("seed-article election", "seed", 2,
            "Every follower watches the one leader node, so every leader's departure wakes every follower: n(n-1)/2."),
    WRITE_LOCK("write lock (writers only)", "rwlock", 1,
            "With writers only, each writer watches the next-lower node as the herd-free lock does: n-1."),
    DOUBLE_BARRIER("double barrier", "barrier", 1,
            "Recipes page: on enter all n watch the ready node, fired once; on leave the others wait for the lowest"
                    + " and the lowest for the highest, so O(n) wake-ups, though the lowest's last delete wakes n-1 at once.");

    private final String label;
    private final String dir;
    private final double expectedSlope;
    private final String expectation;

    Variant(String label, String dir, double expectedSlope, String expectation) {
        this.label = label;
        this.dir = dir;
        this.expectedSlope = expectedSlope;
        this.expectation = expectation;
    }

    public String label() {
        return label;
    }

    public double expectedSlope() {
        return expectedSlope;
    }

    public String expectation() {
        return expectation;
    }

    /** The directory (or barrier node, or election root) this variant works in; made before the run starts. */
    public String path() {
        return "/herd/" + dir;
    }

    /** What one handoff is, as the report states it. */
    public String handoff() {
        return switch (this) {
            case HERD_FREE_LOCK, LOCK_FILE, LOWEST_WATCH_LOCK, WRITE_LOCK ->
                    "a holder's release after which the next client acquires the lock: n-1 per run of n clients.";
            case LEADER_ELECTION, SEED_ARTICLE_ELECTION ->
                    "a leader stepping down (deleting its node) and the next candidate taking over: n-1 per run.";
            case DOUBLE_BARRIER ->
                    "a participant's departure, the deletion of its node on leave: n per run. Each participant enters,"
                            + " computes for the hold time and leaves; passing the barrier counts as its acquisition.";
        };
    }

    /** How many handoffs a run with this many clients makes. */
    public int handoffs(int clients) {
        return this == DOUBLE_BARRIER ? clients : clients - 1;
    }

    /** Builds one client's participant over its handle; {@code id} is unique in the run. */
    Participant participant(ZooKeeperClient zk, ConnectionStates states, String id, int clients) {
        LockListener none = LockListener.none();
        return switch (this) {
            case HERD_FREE_LOCK -> new Participant.Lock(new ExclusiveLock(zk, states, path(), id, none));
            case LOCK_FILE -> new Participant.Lock(new LockFileLock(zk, states, path(), id, none));
            case LOWEST_WATCH_LOCK -> new Participant.Lock(new LowestWatchLock(zk, states, path(), id, none));
            case WRITE_LOCK -> new Participant.Lock(new ReadWriteLock(zk, states, path(), id).writeLock(none));
            case LEADER_ELECTION -> new Participant.Election(new LeaderElection(zk, states, path(), id, state -> { }));
            case SEED_ARTICLE_ELECTION -> {
                Participant.SeedElection seed = new Participant.SeedElection();
                seed.attach(new SeedArticleElection(zk, states, path(), id, seed));
                yield seed;
            }
            case DOUBLE_BARRIER -> new Participant.Barrier(new DoubleBarrier(zk, path(), id, clients));
        };
    }

    /** The variant named by its label or its constant name, case-insensitive. */
    public static Variant parse(String text) {
        for (Variant variant : values()) {
            if (variant.label.equalsIgnoreCase(text) || variant.name().equalsIgnoreCase(text.replace('-', '_'))) {
                return variant;
            }
        }
        throw new IllegalArgumentException("unknown variant '" + text + "'");
    }
}

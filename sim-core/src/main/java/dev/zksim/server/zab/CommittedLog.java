package dev.zksim.server.zab;

import java.util.ArrayDeque;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * ZooKeeper's {@code ZKDatabase.committedLog}: the zxids of the last commitLogCount txns the
 * in-memory database took (500 by default), minCommittedLog to maxCommittedLog. A leader
 * syncs a follower from it, and from its txn log on disk for what lies below it
 * ({@code LearnerHandler.syncFollower}, {@code queueCommittedProposals}); a txn the database
 * took without adding it here is a hole the leader's DIFF skips. The txns themselves are in
 * the peer's log, so only their zxids are kept.
 *
 * <p>It is fed as ZooKeeper feeds it ({@code ZKDatabase.addCommittedProposal}): by the
 * playback of the log at start and when a peer leaving a term fast-forwards its database, and
 * by every txn the database applies. 3.9.5 ignores a zxid it holds already and refuses one that
 * leaves a hole within an epoch (ZOOKEEPER-4925's fix); before the fix it took it.
 */
final class CommittedLog {
    private final int count;
    private final boolean refusesHoles;
    private final ArrayDeque<Long> zxids = new ArrayDeque<>();
    private final Set<Long> held = new LinkedHashSet<>();

    /**
     * @param count commitLogCount: how many txns it keeps, the oldest dropped first
     * @param refusesHoles 3.9.5's check; false puts back ZOOKEEPER-4925's silent hole
     */
    CommittedLog(int count, boolean refusesHoles) {
        this.count = count;
        this.refusesHoles = refusesHoles;
    }

    /** ZKDatabase.addCommittedProposal. */
    void add(long zxid) {
        if (!zxids.isEmpty()) {
            long max = zxids.getLast();
            if (zxid <= max) {
                return;
            }
            if (refusesHoles && zxid != max + 1 && Zxid.epoch(zxid) <= Zxid.epoch(max)) {
                throw new IllegalStateException("Committed proposal cached out of order: " + Zxid.hex(zxid)
                        + " is not the next proposal of " + Zxid.hex(max));
            }
        }
        zxids.addLast(zxid);
        held.add(zxid);
        if (zxids.size() > count) {
            held.remove(zxids.removeFirst());
        }
    }

    /** ZKDatabase.clear (a SNAP sync, a reload). */
    void clear() {
        zxids.clear();
        held.clear();
    }

    boolean isEmpty() {
        return zxids.isEmpty();
    }

    int size() {
        return zxids.size();
    }

    long min() {
        return zxids.getFirst();
    }

    long max() {
        return zxids.getLast();
    }

    /**
     * True if a leader syncing from here skips this logged txn: it lies between
     * minCommittedLog and maxCommittedLog but the database never added it.
     */
    boolean skips(long zxid) {
        return !zxids.isEmpty() && zxids.getFirst() <= zxid && zxid <= zxids.getLast() && !held.contains(zxid);
    }
}

package dev.zksim.server.zab;

import java.util.List;

/**
 * Decides how a leader brings one follower in line (reference 5.3, step 2), as a pure
 * function of the leader's history and the follower's last zxid. It relies on Zab's prefix
 * property: if two peers log the same zxid, their logs agree up to it, because only the one
 * leader of that epoch proposed it and it synced both from the same history.
 *
 * <p>The common point with the follower is its last zxid when the leader holds it. When the
 * leader does not, the follower has a suffix the leader never saw; the common point is then
 * the leader's last txn of that same epoch, and the follower is TRUNCated to it. Without one
 * (the suffix starts a whole epoch the leader lacks) the leader cannot locate the fork and
 * sends a SNAP, as ZooKeeper does across epoch boundaries. This is stricter than
 * ZooKeeper's "TRUNC to maxCommittedLog" for followers ahead of the leader, which can leave
 * a follower with a hole when their last epochs differ. A follower missing more than the
 * window of recent txns also gets a SNAP (ZooKeeper would first try its on-disk log).
 */
final class SyncPlanner {
    private SyncPlanner() {
    }

    /** The plan for one follower. */
    sealed interface Plan {
        /** Send the txns after the follower's last zxid. */
        record Diff(List<LogEntry> txns) implements Plan {
        }

        /** Cut the follower's log after zxid, then send the txns after it. */
        record Trunc(long zxid, List<LogEntry> txns) implements Plan {
        }

        /** Replace the follower's state with a snapshot. */
        record Snap() implements Plan {
        }
    }

    static Plan plan(List<LogEntry> log, long base, long followerZxid, int window) {
        long common = commonPoint(log, base, followerZxid);
        if (common < 0) {
            return new Plan.Snap();
        }
        int from = indexAfter(log, common);
        if (log.size() - from > window) {
            return new Plan.Snap();
        }
        List<LogEntry> missing = List.copyOf(log.subList(from, log.size()));
        return common == followerZxid ? new Plan.Diff(missing) : new Plan.Trunc(common, missing);
    }

    /**
     * LearnerHandler.syncFollower and queueCommittedProposals over a history with holes (a
     * committedLog that skipped txns, ZOOKEEPER-4925): a follower at the leader's last
     * processed zxid gets an empty DIFF (and the proposals in flight after it); one whose zxid the history lacks is TRUNCated to the
     * history's entry before it when the entry after it is of the same epoch or there is none
     * (ZooKeeper cuts its txns after that entry, hole txns included, and sends the ones after
     * its zxid), and gets a SNAP when the entry after it starts another epoch (a TRUNC may not
     * cross an epoch). Anything else is planned as {@link #plan} does.
     */
    static Plan planOverHoles(List<LogEntry> history, long base, long lastProcessed, long followerZxid, int window) {
        if (followerZxid == lastProcessed) {
            // No committed txn to send; the leader's proposals in flight follow (startForwarding).
            return new Plan.Diff(List.copyOf(history.subList(indexAfter(history, followerZxid), history.size())));
        }
        int index = indexOf(history, followerZxid);
        int after = -index - 1;
        if (index >= 0 || after == 0 || Zxid.counter(followerZxid) == 0) {
            return plan(history, base, followerZxid, window);
        }
        if (after < history.size() && Zxid.epoch(history.get(after).zxid()) != Zxid.epoch(followerZxid)) {
            return new Plan.Snap();
        }
        List<LogEntry> missing = List.copyOf(history.subList(after, history.size()));
        return missing.size() > window ? new Plan.Snap() : new Plan.Trunc(history.get(after - 1).zxid(), missing);
    }

    /** The last zxid both histories share, or -1 if it cannot be located. */
    private static long commonPoint(List<LogEntry> log, long base, long followerZxid) {
        if (followerZxid == base || indexOf(log, followerZxid) >= 0) {
            return followerZxid;
        }
        if (followerZxid < base) {
            return -1;
        }
        long epoch = Zxid.epoch(followerZxid);
        for (int i = indexAfter(log, followerZxid) - 1; i >= 0; i--) {
            long zxid = log.get(i).zxid();
            if (Zxid.epoch(zxid) != epoch) {
                break;
            }
            return zxid;
        }
        return Zxid.epoch(base) == epoch ? base : -1;
    }

    private static int indexOf(List<LogEntry> log, long zxid) {
        int low = 0;
        int high = log.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            long value = log.get(mid).zxid();
            if (value == zxid) {
                return mid;
            }
            if (value < zxid) {
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return -(low + 1);
    }

    private static int indexAfter(List<LogEntry> log, long zxid) {
        int index = indexOf(log, zxid);
        return index >= 0 ? index + 1 : -index - 1;
    }
}

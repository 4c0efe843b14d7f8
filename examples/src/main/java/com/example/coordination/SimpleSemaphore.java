package com.example.coordination;

import dev.zksim.api.ZooKeeperClient;
import java.util.List;

/**
 * A user's own counting semaphore of N leases: every caller takes a number (an
 * EPHEMERAL_SEQUENTIAL node) and holds a lease while fewer than N nodes are ahead of its own.
 * Waiters watch the whole directory, because any of the N holders may be the one to leave.
 * A lease is an ephemeral node, so the lease of a crashed or expired holder comes back once
 * ZooKeeper ends its session.
 *
 * <p>{@code sorted = false} builds a common mistake: the rank is read from getChildren's
 * list as it comes, but ZooKeeper lists children in no particular order, so two callers can
 * each find themselves among the first N of different listings.
 */
public final class SimpleSemaphore {
    private final SequenceLock lock;

    public SimpleSemaphore(ZooKeeperClient zk, String dir, String owner, int permits, boolean sorted,
            SequenceLock.Listener listener) {
        this.lock = new SequenceLock(zk, dir, owner, "", rule(permits, sorted), true, listener);
    }

    /** One caller's lease: acquire, release and connection changes as {@link SequenceLock} has them. */
    public SequenceLock lease() {
        return lock;
    }

    private static SequenceLock.Rule rule(int permits, boolean sorted) {
        return new SequenceLock.Rule() {
            @Override
            public SequenceLock.Turn turn(List<String> children, String mine) {
                List<String> ranked = sorted ? ZkNodes.bySequence(children) : children;
                int rank = ranked.indexOf(mine);
                if (rank < 0) {
                    return SequenceLock.Turn.GONE;
                }
                return rank < permits ? SequenceLock.Turn.HOLD : SequenceLock.Turn.ANY_CHANGE;
            }

            @Override
            public boolean watchesDirectory() {
                return true;
            }
        };
    }
}

package com.example.coordination;

import dev.zksim.api.ZooKeeperClient;
import java.util.List;

/**
 * A user's own shared read/write lock, the recipes page's: readers create {@code ...-read-}
 * nodes and writers {@code ...-write-} nodes, all EPHEMERAL_SEQUENTIAL in one directory. A
 * writer holds when its node is the lowest; a reader holds when no write node is lower than
 * its own, and otherwise watches the last write node before it. Not re-entrant, no downgrade.
 *
 * <p>{@code trustPredecessor = true} builds a tempting shortcut: a reader holds as soon as
 * the node just before it is a reader's, on the idea that that reader already waited for the
 * writers. It did not if it is still waiting: readers then read while a writer writes.
 */
public final class SimpleReadWriteLock {
    private static final String READ = "read-";
    private static final String WRITE = "write-";

    private final ZooKeeperClient zk;
    private final String dir;
    private final String owner;
    private final boolean trustPredecessor;

    public SimpleReadWriteLock(ZooKeeperClient zk, String dir, String owner, boolean trustPredecessor) {
        this.zk = zk;
        this.dir = dir;
        this.owner = owner;
        this.trustPredecessor = trustPredecessor;
    }

    /** The read side: shared with other readers, excluded by writers. */
    public SequenceLock readLock(SequenceLock.Listener listener) {
        SequenceLock.Rule rule = trustPredecessor ? SimpleReadWriteLock::readerTrustingItsPredecessor
                : SimpleReadWriteLock::readerAfterWriters;
        return new SequenceLock(zk, dir, owner, READ, rule, true, listener);
    }

    /** The write side: excludes readers and other writers. */
    public SequenceLock writeLock(SequenceLock.Listener listener) {
        return new SequenceLock(zk, dir, owner, WRITE, SimpleLock.LOWEST_HOLDS, true, listener);
    }

    /** A reader holds when no write node comes before its own; else it waits for the last one that does. */
    private static SequenceLock.Turn readerAfterWriters(List<String> children, String mine) {
        List<String> sorted = ZkNodes.bySequence(children);
        int index = sorted.indexOf(mine);
        if (index < 0) {
            return SequenceLock.Turn.GONE;
        }
        for (int i = index - 1; i >= 0; i--) {
            if (isWrite(sorted.get(i))) {
                return SequenceLock.Turn.watch(sorted.get(i));
            }
        }
        return SequenceLock.Turn.HOLD;
    }

    /** BROKEN ON PURPOSE: a reader behind a reader holds at once, whether or not that reader holds. */
    private static SequenceLock.Turn readerTrustingItsPredecessor(List<String> children, String mine) {
        List<String> sorted = ZkNodes.bySequence(children);
        int index = sorted.indexOf(mine);
        if (index < 0) {
            return SequenceLock.Turn.GONE;
        }
        if (index == 0 || !isWrite(sorted.get(index - 1))) {
            return SequenceLock.Turn.HOLD;
        }
        return SequenceLock.Turn.watch(sorted.get(index - 1));
    }

    private static boolean isWrite(String child) {
        return child.contains("-" + WRITE);
    }
}

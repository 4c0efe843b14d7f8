package dev.zksim.kernel.disk;

import dev.zksim.kernel.choice.Choices;

/**
 * When a server that logs txns takes its next snapshot, by ZooKeeper's rule
 * (SyncRequestProcessor, reference section on persistence): after more than
 * {@code snapCount/2 + roll} txns since the last one, where the roll is drawn anew from
 * [0, snapCount/2) after every snapshot. The roll keeps the servers of an ensemble from all
 * snapshotting at the same txn; here it is drawn from the process's own labelled choice
 * stream, so the schedule is part of the run's choices and never shifts other draws.
 * A snapCount below 2 snapshots after every txn.
 */
public final class SnapshotSchedule {
    private final int snapCount;
    private final Choices rolls;
    private int sinceSnapshot;
    private long threshold;

    public SnapshotSchedule(int snapCount, Choices processChoices) {
        if (snapCount <= 0) {
            throw new IllegalArgumentException("snapCount must be positive, not " + snapCount);
        }
        this.snapCount = snapCount;
        this.rolls = processChoices.stream("snapshot");
        reroll();
    }

    /** Counts one more txn; true when it is time to snapshot (the count then starts over). */
    public boolean countTxn() {
        if (++sinceSnapshot > threshold) {
            reset();
            return true;
        }
        return false;
    }

    /** Starts the count over, as after a snapshot taken or installed, with a new roll. */
    public void reset() {
        sinceSnapshot = 0;
        reroll();
    }

    private void reroll() {
        int half = snapCount / 2;
        threshold = half == 0 ? 0 : half + rolls.draw(half);
    }
}

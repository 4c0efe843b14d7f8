package dev.zksim.check;

/**
 * Herd-effect totals over a run, for reports: deletions seen, clients woken, wake-ups that
 * led to no progress, and the worst single deletion. Mean wasted wake-ups per deletion is
 * the number the ZooKeeper paper's herd discussion is about.
 */
public record HerdCounts(int deletions, int wakeUps, int wasted, int worstWasted, String worstPath, long worstTime) {

    public double wastedPerDeletion() {
        return deletions == 0 ? 0.0 : (double) wasted / deletions;
    }
}

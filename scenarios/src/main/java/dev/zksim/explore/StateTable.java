package dev.zksim.explore;

/**
 * The states a depth-first search has expanded: each abstract-state digest with the
 * shallowest choice level it was expanded from. A state reached again at the same or a
 * deeper level has nothing left to show (its future was explored with at least as much
 * depth budget); reached at a shallower level it is expanded again, which keeps the search
 * complete within its depth bound. Open addressing over primitive arrays, since a search
 * stores millions of digests and never iterates them.
 */
final class StateTable {
    private long[] digests = new long[1 << 16];
    private int[] levels = new int[1 << 16];
    private boolean[] used = new boolean[1 << 16];
    private int size;

    /**
     * Records a visit to this state at this choice level; returns true when the state must be
     * expanded (new, or seen before only at deeper levels).
     */
    boolean visit(long digest, int level) {
        if (2 * (size + 1) > digests.length) {
            grow();
        }
        int index = find(digests, used, digest);
        if (!used[index]) {
            used[index] = true;
            digests[index] = digest;
            levels[index] = level;
            size++;
            return true;
        }
        if (level < levels[index]) {
            levels[index] = level;
            return true;
        }
        return false;
    }

    /** The number of distinct states recorded. */
    int size() {
        return size;
    }

    private static int find(long[] table, boolean[] taken, long digest) {
        int mask = table.length - 1;
        int index = spread(digest) & mask;
        while (taken[index] && table[index] != digest) {
            index = (index + 1) & mask;
        }
        return index;
    }

    private void grow() {
        long[] oldDigests = digests;
        int[] oldLevels = levels;
        boolean[] oldUsed = used;
        digests = new long[oldDigests.length * 2];
        levels = new int[oldDigests.length * 2];
        used = new boolean[oldDigests.length * 2];
        for (int i = 0; i < oldDigests.length; i++) {
            if (oldUsed[i]) {
                int index = find(digests, used, oldDigests[i]);
                used[index] = true;
                digests[index] = oldDigests[i];
                levels[index] = oldLevels[i];
            }
        }
    }

    private static int spread(long value) {
        long mixed = value * 0x9E3779B97F4A7C15L;
        return (int) (mixed ^ (mixed >>> 32));
    }
}

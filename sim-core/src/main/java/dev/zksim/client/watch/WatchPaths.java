package dev.zksim.client.watch;

import java.util.List;

/**
 * The paths a reconnecting client sends with setWatches (reference 3.6), one sorted list
 * per client table, so the request and the catch-up events it causes do not depend on the
 * order in which the watches were set.
 */
public record WatchPaths(List<String> dataPaths, List<String> existPaths, List<String> childPaths) {

    public WatchPaths {
        dataPaths = List.copyOf(dataPaths);
        existPaths = List.copyOf(existPaths);
        childPaths = List.copyOf(childPaths);
    }

    /** True when there is nothing to re-register, so setWatches need not be sent. */
    public boolean isEmpty() {
        return dataPaths.isEmpty() && existPaths.isEmpty() && childPaths.isEmpty();
    }
}

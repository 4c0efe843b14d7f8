package dev.zksim.client.watch;

import java.util.List;

/**
 * The paths a reconnecting client sends with setWatches (reference 3.6), one sorted list
 * per client table, so the request and the catch-up events it causes do not depend on the
 * order in which the watches were set. When any persistent or recursive path is present
 * the client must send setWatches2, which carries all five lists.
 */
public record WatchPaths(List<String> dataPaths, List<String> existPaths, List<String> childPaths,
        List<String> persistentPaths, List<String> recursivePaths) {

    public WatchPaths {
        dataPaths = List.copyOf(dataPaths);
        existPaths = List.copyOf(existPaths);
        childPaths = List.copyOf(childPaths);
        persistentPaths = List.copyOf(persistentPaths);
        recursivePaths = List.copyOf(recursivePaths);
    }

    /** Standard watches only, as plain setWatches carries them. */
    public WatchPaths(List<String> dataPaths, List<String> existPaths, List<String> childPaths) {
        this(dataPaths, existPaths, childPaths, List.of(), List.of());
    }

    /** True when the reconnect needs setWatches2 rather than setWatches. */
    public boolean needsSetWatches2() {
        return !persistentPaths.isEmpty() || !recursivePaths.isEmpty();
    }

    /** True when there is nothing to re-register, so no setWatches need be sent. */
    public boolean isEmpty() {
        return dataPaths.isEmpty() && existPaths.isEmpty() && childPaths.isEmpty() && !needsSetWatches2();
    }
}

package dev.zksim.client.watch;

import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.Watcher;
import java.util.List;
import java.util.Map;

/**
 * What a removeWatches or removeAllWatches call did on the client (ZooKeeper's
 * ZKWatchManager.removeWatcher as ClientCnxn.finishPacket applies it): the code the call
 * completes with, and the Watchers removed, grouped by the event that tells them
 * (DataWatchRemoved, ChildWatchRemoved, PersistentWatchRemoved), in a fixed order.
 *
 * @param code OK when something was removed, otherwise the server's or the local error
 * @param removed the event types with at least one removed Watcher, each Watcher once
 */
public record WatchRemoval(Code code, Map<EventType, List<Watcher>> removed) {
    public WatchRemoval {
        removed = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(removed));
    }

    static WatchRemoval failed(Code code) {
        return new WatchRemoval(code, new java.util.LinkedHashMap<>());
    }
}

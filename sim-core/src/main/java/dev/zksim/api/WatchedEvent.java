package dev.zksim.api;

/**
 * One notification: a node event (type other than None, state SyncConnected) or a session
 * event (type None, path null). zxid is the triggering transaction's zxid, -1 for events
 * produced by the setWatches catch-up and for session events, as in ZooKeeper 3.9.
 */
public record WatchedEvent(EventType type, KeeperState state, String path, long zxid) {

    /** A session (state) event, delivered to every registered watcher. */
    public static WatchedEvent session(KeeperState state) {
        return new WatchedEvent(EventType.None, state, null, -1L);
    }

    /** A node event triggered by the transaction with the given zxid. */
    public static WatchedEvent node(EventType type, String path, long zxid) {
        return new WatchedEvent(type, KeeperState.SyncConnected, path, zxid);
    }
}

package dev.zksim.server.tree;

import dev.zksim.api.EventType;

/**
 * One watch-table trigger caused by applying a transaction, in the order ZooKeeper fires
 * them (reference section 3.2). The watch manager consumes these; the tree keeps no
 * watches itself.
 *
 * @param table which server table to trigger: data watches (exists, getData, persistent,
 *     recursive) or child watches (getChildren)
 * @param exceptAlreadyNotified true for the child-table NodeDeleted of a delete, which
 *     skips connections already notified by the data-table trigger just before it
 */
public record WatchTrigger(Table table, EventType type, String path, long zxid, boolean exceptAlreadyNotified) {

    /** The two server-side watch tables of ZooKeeper's WatchManager. */
    public enum Table {
        DATA,
        CHILD
    }

    static WatchTrigger data(EventType type, String path, long zxid) {
        return new WatchTrigger(Table.DATA, type, path, zxid, false);
    }

    static WatchTrigger child(EventType type, String path, long zxid) {
        return new WatchTrigger(Table.CHILD, type, path, zxid, false);
    }

    static WatchTrigger childExceptNotified(EventType type, String path, long zxid) {
        return new WatchTrigger(Table.CHILD, type, path, zxid, true);
    }
}

package dev.zksim.server.watch;

import dev.zksim.api.EventType;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.WatcherType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.function.Consumer;

/**
 * The watches one server holds, keyed by connection id (ZooKeeper's ServerCnxn): a data
 * table (exists, getData) and a child table (getChildren), each path to an
 * insertion-ordered set of connections. Several reads on the same path and kind from one
 * connection collapse into one entry and so into one notification (reference 3.1).
 *
 * <p>Standard watches are one-shot: a trigger removes every one it notifies. Persistent
 * and persistent recursive watches (addWatch, reference 3.7) stay until the connection
 * closes, and a connection holding several kinds of watch that one trigger reaches gets
 * one notification. Deliveries come back in a fixed order (table by table as in 3.2,
 * and within a table in registration order) so that the trace digest is the same on
 * every run.
 */
public final class ServerWatchTable {

    /** zxid carried by the events the setWatches catch-up fires (reference 3.2). */
    public static final long CATCH_UP_ZXID = -1L;

    private final PathWatchTable dataWatches = new PathWatchTable();
    private final PathWatchTable childWatches = new PathWatchTable();
    private final PathWatchTable persistentWatches = new PathWatchTable();
    private final PathWatchTable recursiveWatches = new PathWatchTable();

    /** Registers a watch from exists (on an existing or a missing node) or getData. */
    public void addDataWatch(String path, long connectionId) {
        dataWatches.add(requirePath(path), connectionId);
    }

    /** Registers a watch from getChildren. */
    public void addChildWatch(String path, long connectionId) {
        childWatches.add(requirePath(path), connectionId);
    }

    /**
     * Registers addWatch(path, PERSISTENT): every event on exactly this path, including
     * NodeChildrenChanged, and it survives being triggered (reference 3.7).
     */
    public void addPersistentWatch(String path, long connectionId) {
        persistentWatches.add(requirePath(path), connectionId);
    }

    /**
     * Registers addWatch(path, PERSISTENT_RECURSIVE): NodeCreated, NodeDataChanged and
     * NodeDeleted on this path and every descendant, never NodeChildrenChanged, and it
     * survives being triggered (reference 3.7).
     */
    public void addRecursiveWatch(String path, long connectionId) {
        recursiveWatches.add(requirePath(path), connectionId);
    }

    /** Forgets every watch of a connection that closed; nothing is delivered. */
    public void removeConnection(long connectionId) {
        for (WatchKind kind : WatchKind.values()) {
            table(kind).removeConnection(connectionId);
        }
    }

    /** Same as {@link #trigger(TreeChange)} for a create, delete or setData event type. */
    public List<WatchDelivery> trigger(EventType type, String path, long zxid) {
        return trigger(TreeChange.of(type, path, zxid));
    }

    /**
     * Fires and removes the watches a committed change triggers (reference 3.2) and returns
     * the deliveries in the order the server sends them.
     */
    public List<WatchDelivery> trigger(TreeChange change) {
        // Sized on its first delivery: most changes fire none.
        List<WatchDelivery> deliveries = new ArrayList<>(0);
        trigger(change, deliveries::add);
        return List.copyOf(deliveries);
    }

    /**
     * {@link #trigger(TreeChange)} handing each delivery to {@code sink} as it is made, in the
     * same order, instead of collecting them: the server sends them at once.
     */
    public void trigger(TreeChange change, Consumer<WatchDelivery> sink) {
        switch (change) {
            case TreeChange.Created(String path, long zxid) -> {
                fireNodeWatches(path, EventType.NodeCreated, zxid, sink);
                fireParentWatches(path, zxid, sink);
            }
            case TreeChange.Deleted(String path, long zxid) -> {
                // A connection that watched both the data and the children of the node gets
                // one NodeDeleted: the child-table trigger skips connections the data-table
                // trigger already notified, but still consumes their child watch.
                ConnectionSet notified = fireNodeWatches(path, EventType.NodeDeleted, zxid, sink);
                fireChildWatches(path, EventType.NodeDeleted, zxid, notified, sink);
                fireParentWatches(path, zxid, sink);
            }
            case TreeChange.DataChanged(String path, long zxid) ->
                fireNodeWatches(path, EventType.NodeDataChanged, zxid, sink);
        }
    }

    /**
     * Re-arms the standard watches a reconnecting client still holds (reference 3.6),
     * checking each path against the server's current tree. A path whose node changed
     * after {@code relativeZxid} (the client's last seen zxid) fires its catch-up event at
     * once, with zxid -1, and is not re-registered; every other path is registered again.
     * Deliveries are ordered data paths, then exist paths, then child paths, each list in
     * the order given.
     */
    public List<WatchDelivery> setWatches(long relativeZxid, List<String> dataPaths, List<String> existPaths,
            List<String> childPaths, long connectionId, NodeVersions tree) {
        Objects.requireNonNull(tree, "tree");
        List<WatchDelivery> deliveries = new ArrayList<>();
        for (String path : dataPaths) {
            catchUpDataWatch(relativeZxid, requirePath(path), connectionId, tree, deliveries);
        }
        for (String path : existPaths) {
            catchUpExistWatch(requirePath(path), connectionId, tree, deliveries);
        }
        for (String path : childPaths) {
            catchUpChildWatch(relativeZxid, requirePath(path), connectionId, tree, deliveries);
        }
        return List.copyOf(deliveries);
    }

    /**
     * setWatches2: the standard watches as in {@link #setWatches(long, List, List, List, long,
     * NodeVersions)}, then the persistent and recursive watches, which are re-registered
     * without any catch-up, so changes made while the client was away are lost for them
     * (reference gotcha 11).
     */
    public List<WatchDelivery> setWatches(long relativeZxid, List<String> dataPaths, List<String> existPaths,
            List<String> childPaths, List<String> persistentPaths, List<String> recursivePaths, long connectionId,
            NodeVersions tree) {
        List<WatchDelivery> deliveries =
            setWatches(relativeZxid, dataPaths, existPaths, childPaths, connectionId, tree);
        persistentPaths.forEach(path -> addPersistentWatch(path, connectionId));
        recursivePaths.forEach(path -> addRecursiveWatch(path, connectionId));
        return deliveries;
    }

    /**
     * checkWatches: whether the connection holds a watch of the type on the path
     * (FinalRequestProcessor, DataTree.containsWatcher). Data means the standard data
     * table, Children the standard child table, Any any of the four.
     */
    public boolean holdsWatch(String path, WatcherType type, long connectionId) {
        return kindsOf(type).stream().anyMatch(kind -> table(kind).contains(path, connectionId));
    }

    /**
     * removeWatches (removeAllWatches on the client): drops the connection's watches of the
     * type on the path, nothing being delivered; false when it held none (DataTree.removeWatch).
     */
    public boolean removeWatches(String path, WatcherType type, long connectionId) {
        boolean removed = false;
        for (WatchKind kind : kindsOf(type)) {
            removed |= table(kind).remove(path, connectionId);
        }
        return removed;
    }

    private static List<WatchKind> kindsOf(WatcherType type) {
        return switch (type) {
            case Children -> List.of(WatchKind.CHILD);
            case Data -> List.of(WatchKind.DATA);
            case Persistent -> List.of(WatchKind.PERSISTENT);
            case PersistentRecursive -> List.of(WatchKind.PERSISTENT_RECURSIVE);
            case Any -> List.of(WatchKind.values());
        };
    }

    /** Whether the connection holds a watch of this kind on this path. */
    public boolean hasWatch(WatchKind kind, String path, long connectionId) {
        return table(kind).contains(path, connectionId);
    }

    /** Whether no connection holds a watch of any kind here: then no change can fire one. */
    public boolean isEmpty() {
        return dataWatches.watchCount() == 0 && childWatches.watchCount() == 0
            && persistentWatches.watchCount() == 0 && recursiveWatches.watchCount() == 0;
    }

    /**
     * All (connection, path) watches summed over the tables: ZooKeeper's watch_count for
     * standard watches. ZooKeeper keeps persistent watches as modes inside its data and
     * child tables, so its figure differs once persistent watches are involved.
     */
    public int watchCount() {
        int count = 0;
        for (WatchKind kind : WatchKind.values()) {
            count += table(kind).watchCount();
        }
        return count;
    }

    /** The paths a connection watches in one table, in registration order. */
    public List<String> pathsOf(WatchKind kind, long connectionId) {
        return table(kind).pathsOf(connectionId);
    }

    /**
     * Connection to watched paths, sorted, for wchc. ZooKeeper's wchc, wchp and wchs
     * report its data table only, which holds the DATA watches here plus the PERSISTENT
     * and PERSISTENT_RECURSIVE ones; the child table never shows up in them.
     */
    public SortedMap<Long, SortedSet<String>> pathsByConnection(WatchKind kind) {
        return table(kind).pathsByConnection();
    }

    /** Path to watching connections, sorted, for wchp (see {@link #pathsByConnection}). */
    public SortedMap<String, SortedSet<Long>> connectionsByPath(WatchKind kind) {
        return table(kind).connectionsByPath();
    }

    /** Connections, paths and watches of one table, for wchs (see {@link #pathsByConnection}). */
    public WatchSummary summary(WatchKind kind) {
        return table(kind).summary();
    }

    private void catchUpDataWatch(long relativeZxid, String path, long connectionId, NodeVersions tree,
            List<WatchDelivery> deliveries) {
        if (!tree.exists(path)) {
            deliveries.add(catchUp(connectionId, EventType.NodeDeleted, path));
        } else if (tree.mzxid(path) > relativeZxid) {
            deliveries.add(catchUp(connectionId, EventType.NodeDataChanged, path));
        } else {
            dataWatches.add(path, connectionId);
        }
    }

    // A node created and deleted again while the client was away looks exactly like a
    // node that never existed, so that exists watch stays armed and misses both changes.
    private void catchUpExistWatch(String path, long connectionId, NodeVersions tree,
            List<WatchDelivery> deliveries) {
        if (tree.exists(path)) {
            deliveries.add(catchUp(connectionId, EventType.NodeCreated, path));
        } else {
            dataWatches.add(path, connectionId);
        }
    }

    private void catchUpChildWatch(long relativeZxid, String path, long connectionId, NodeVersions tree,
            List<WatchDelivery> deliveries) {
        if (!tree.exists(path)) {
            deliveries.add(catchUp(connectionId, EventType.NodeDeleted, path));
        } else if (tree.pzxid(path) > relativeZxid) {
            deliveries.add(catchUp(connectionId, EventType.NodeChildrenChanged, path));
        } else {
            childWatches.add(path, connectionId);
        }
    }

    private static WatchDelivery catchUp(long connectionId, EventType type, String path) {
        return new WatchDelivery(connectionId, WatchedEvent.node(type, path, CATCH_UP_ZXID));
    }

    /**
     * The data-table side of a trigger: takes the standard data watches on {@code path} and
     * adds the persistent watches on it and the recursive watches on it or any ancestor.
     * Each connection is notified once however many of these it holds. Returns the
     * notified connections.
     */
    private ConnectionSet fireNodeWatches(String path, EventType type, long zxid,
            Consumer<WatchDelivery> sink) {
        ConnectionSet watchers = withStandingWatchers(dataWatches.take(path), path, true);
        deliver(watchers, type, path, zxid, ConnectionSet.NONE, sink);
        return watchers;
    }

    /**
     * The NodeChildrenChanged of a create or delete of {@code childPath}, fired on its
     * parent. The parent's path, a new string to hash, is made only if a child or
     * persistent watch is set anywhere.
     */
    private void fireParentWatches(String childPath, long zxid, Consumer<WatchDelivery> sink) {
        if (childWatches.watchCount() > 0 || persistentWatches.watchCount() > 0) {
            fireChildWatches(parentOf(childPath), EventType.NodeChildrenChanged, zxid, ConnectionSet.NONE, sink);
        }
    }

    /**
     * The child-table side of a trigger: takes the standard child watches on {@code path}
     * and adds the persistent watches on it; recursive watches never see children events.
     * Connections in {@code suppressed} lose their watch but get no delivery.
     */
    private void fireChildWatches(String path, EventType type, long zxid, ConnectionSet suppressed,
            Consumer<WatchDelivery> sink) {
        ConnectionSet watchers = withStandingWatchers(childWatches.take(path), path, false);
        deliver(watchers, type, path, zxid, suppressed, sink);
    }

    /**
     * The connections whose one-shot watches fired, followed by those with a persistent watch
     * on the path and, if {@code recursiveToo}, a recursive watch on it or an ancestor, each
     * once. Most ensembles hold no persistent or recursive watch at all: then the fired ones
     * are the answer as they are, and no set or list of ancestors is built for every change.
     */
    private ConnectionSet withStandingWatchers(ConnectionSet fired, String path, boolean recursiveToo) {
        boolean persistent = persistentWatches.watchCount() > 0;
        boolean recursive = recursiveToo && recursiveWatches.watchCount() > 0;
        if (!persistent && !recursive) {
            return fired;
        }
        ConnectionSet watchers = new ConnectionSet();
        watchers.addAll(fired);
        watchers.addAll(persistentWatches.watchersOf(path));
        if (recursive) {
            for (String ancestor : ancestorsOrSelf(path)) {
                watchers.addAll(recursiveWatches.watchersOf(ancestor));
            }
        }
        return watchers;
    }

    private static void deliver(ConnectionSet watchers, EventType type, String path, long zxid,
            ConnectionSet suppressed, Consumer<WatchDelivery> sink) {
        // Most changes fire no watch at all: then neither the event nor an iterator over the
        // (empty) set is made.
        if (watchers.isEmpty()) {
            return;
        }
        WatchedEvent event = WatchedEvent.node(type, path, zxid);
        for (int i = 0; i < watchers.size(); i++) {
            long connectionId = watchers.get(i);
            if (!suppressed.contains(connectionId)) {
                sink.accept(new WatchDelivery(connectionId, event));
            }
        }
    }

    private PathWatchTable table(WatchKind kind) {
        return switch (kind) {
            case DATA -> dataWatches;
            case CHILD -> childWatches;
            case PERSISTENT -> persistentWatches;
            case PERSISTENT_RECURSIVE -> recursiveWatches;
        };
    }

    /** The parent of a non-root absolute path; the parent of a child of the root is "/". */
    static String parentOf(String path) {
        int lastSlash = path.lastIndexOf('/');
        return lastSlash == 0 ? "/" : path.substring(0, lastSlash);
    }

    /** The path itself, then each ancestor up to and including the root. */
    static List<String> ancestorsOrSelf(String path) {
        List<String> paths = new ArrayList<>();
        String current = path;
        paths.add(current);
        while (!current.equals("/")) {
            current = parentOf(current);
            paths.add(current);
        }
        return paths;
    }

    private static String requirePath(String path) {
        Objects.requireNonNull(path, "path");
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path must be absolute: " + path);
        }
        return path;
    }
}

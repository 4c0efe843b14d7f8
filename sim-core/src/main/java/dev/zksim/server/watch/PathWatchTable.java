package dev.zksim.server.watch;

import dev.zksim.kernel.collect.LongMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One server watch table: path to the connections watching it, plus the reverse index so
 * that closing a connection and the wchc report do not scan every path. Both indexes are
 * insertion-ordered, so the order of deliveries is the order in which the connections
 * registered, which keeps runs reproducible. The two indexes always describe the same set
 * of (path, connection) pairs. Connection ids stay unboxed ({@link ConnectionSet},
 * {@link LongMap}): every watch of every run is set and taken here.
 */
final class PathWatchTable {

    private final Map<String, ConnectionSet> connectionsByPath = new LinkedHashMap<>();
    private final LongMap<PathSet> pathsByConnection = new LongMap<>();
    private int watchCount;

    /** Registers; a second registration of the same pair is absorbed, as in ZooKeeper. */
    boolean add(String path, long connectionId) {
        // One lookup each, found or added: most watches are set on a path nobody watches yet.
        ConnectionSet connections = connectionsByPath.computeIfAbsent(path, unwatched -> new ConnectionSet());
        if (!connections.add(connectionId)) {
            return false;
        }
        pathsByConnection.computeIfAbsent(connectionId, unwatching -> new PathSet()).add(path);
        watchCount++;
        return true;
    }

    boolean contains(String path, long connectionId) {
        ConnectionSet connections = connectionsByPath.get(path);
        return connections != null && connections.contains(connectionId);
    }

    /**
     * Removes every watch on {@code path} and returns the connections that held one, in
     * registration order; the caller owns the set. This is what makes standard watches
     * one-shot.
     */
    ConnectionSet take(String path) {
        // Most changes fire no watch: an empty table is not even asked for the path.
        if (watchCount == 0) {
            return ConnectionSet.NONE;
        }
        ConnectionSet connections = connectionsByPath.remove(path);
        if (connections == null) {
            return ConnectionSet.NONE;
        }
        for (int i = 0; i < connections.size(); i++) {
            forgetPathOfConnection(connections.get(i), path);
        }
        watchCount -= connections.size();
        return connections;
    }

    /** The connections watching {@code path}, in registration order, without removing them; do not change it. */
    ConnectionSet watchersOf(String path) {
        ConnectionSet connections = connectionsByPath.get(path);
        return connections == null ? ConnectionSet.NONE : connections;
    }

    /** Drops one connection's watch on one path; false if it held none. */
    boolean remove(String path, long connectionId) {
        ConnectionSet connections = connectionsByPath.get(path);
        if (connections == null || !connections.remove(connectionId)) {
            return false;
        }
        if (connections.isEmpty()) {
            connectionsByPath.remove(path);
        }
        forgetPathOfConnection(connectionId, path);
        watchCount--;
        return true;
    }

    /** Drops every watch the connection holds; used when the connection closes. */
    void removeConnection(long connectionId) {
        PathSet paths = pathsByConnection.remove(connectionId);
        if (paths == null) {
            return;
        }
        for (int i = 0; i < paths.size(); i++) {
            String path = paths.get(i);
            ConnectionSet connections = connectionsByPath.get(path);
            connections.remove(connectionId);
            if (connections.isEmpty()) {
                connectionsByPath.remove(path);
            }
        }
        watchCount -= paths.size();
    }

    int watchCount() {
        return watchCount;
    }

    /** The paths one connection watches, in registration order. */
    List<String> pathsOf(long connectionId) {
        PathSet paths = pathsByConnection.get(connectionId);
        return paths == null ? List.of() : paths.toList();
    }

    /** Connection to watched paths, both sorted, for reports (wchc). */
    SortedMap<Long, SortedSet<String>> pathsByConnection() {
        SortedMap<Long, SortedSet<String>> report = new TreeMap<>();
        pathsByConnection.forEach((connectionId, paths) -> report.put(connectionId, new TreeSet<>(paths.toList())));
        return report;
    }

    /** Path to watching connections, both sorted, for reports (wchp). */
    SortedMap<String, SortedSet<Long>> connectionsByPath() {
        SortedMap<String, SortedSet<Long>> report = new TreeMap<>();
        connectionsByPath.forEach((path, connections) -> {
            SortedSet<Long> sorted = new TreeSet<>();
            for (long connectionId : connections.toArray()) {
                sorted.add(connectionId);
            }
            report.put(path, sorted);
        });
        return report;
    }

    WatchSummary summary() {
        return new WatchSummary(pathsByConnection.size(), connectionsByPath.size(), watchCount);
    }

    private void forgetPathOfConnection(long connectionId, String path) {
        PathSet paths = pathsByConnection.get(connectionId);
        paths.remove(path);
        if (paths.isEmpty()) {
            pathsByConnection.remove(connectionId);
        }
    }
}

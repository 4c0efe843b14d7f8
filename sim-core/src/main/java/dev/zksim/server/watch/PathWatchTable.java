package dev.zksim.server.watch;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SequencedSet;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One server watch table: path to the connections watching it, plus the reverse index so
 * that closing a connection and the wchc report do not scan every path. Both maps are
 * insertion-ordered, so the order of deliveries is the order in which the connections
 * registered, which keeps runs reproducible. The two maps always describe the same set
 * of (path, connection) pairs.
 */
final class PathWatchTable {

    private final Map<String, LinkedHashSet<Long>> connectionsByPath = new LinkedHashMap<>();
    private final Map<Long, LinkedHashSet<String>> pathsByConnection = new LinkedHashMap<>();
    private int watchCount;

    /** Registers; a second registration of the same pair is absorbed, as in ZooKeeper. */
    boolean add(String path, long connectionId) {
        boolean added = connectionsByPath.computeIfAbsent(path, p -> new LinkedHashSet<>()).add(connectionId);
        if (added) {
            pathsByConnection.computeIfAbsent(connectionId, c -> new LinkedHashSet<>()).add(path);
            watchCount++;
        }
        return added;
    }

    boolean contains(String path, long connectionId) {
        LinkedHashSet<Long> connections = connectionsByPath.get(path);
        return connections != null && connections.contains(connectionId);
    }

    /**
     * Removes every watch on {@code path} and returns the connections that held one, in
     * registration order. This is what makes standard watches one-shot.
     */
    SequencedSet<Long> take(String path) {
        LinkedHashSet<Long> connections = connectionsByPath.remove(path);
        if (connections == null) {
            return Collections.emptyNavigableSet();
        }
        for (long connectionId : connections) {
            forgetPathOfConnection(connectionId, path);
        }
        watchCount -= connections.size();
        return Collections.unmodifiableSequencedSet(connections);
    }

    /** The connections watching {@code path}, in registration order, without removing them. */
    SequencedSet<Long> watchersOf(String path) {
        LinkedHashSet<Long> connections = connectionsByPath.get(path);
        return connections == null
            ? Collections.emptyNavigableSet()
            : Collections.unmodifiableSequencedSet(connections);
    }

    /** Drops every watch the connection holds; used when the connection closes. */
    /** Drops one connection's watch on one path; false if it held none. */
    boolean remove(String path, long connectionId) {
        LinkedHashSet<Long> connections = connectionsByPath.get(path);
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

    void removeConnection(long connectionId) {
        LinkedHashSet<String> paths = pathsByConnection.remove(connectionId);
        if (paths == null) {
            return;
        }
        for (String path : paths) {
            LinkedHashSet<Long> connections = connectionsByPath.get(path);
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
        LinkedHashSet<String> paths = pathsByConnection.get(connectionId);
        return paths == null ? List.of() : List.copyOf(paths);
    }

    /** Connection to watched paths, both sorted, for reports (wchc). */
    SortedMap<Long, SortedSet<String>> pathsByConnection() {
        SortedMap<Long, SortedSet<String>> report = new TreeMap<>();
        pathsByConnection.forEach((connectionId, paths) -> report.put(connectionId, new TreeSet<>(paths)));
        return report;
    }

    /** Path to watching connections, both sorted, for reports (wchp). */
    SortedMap<String, SortedSet<Long>> connectionsByPath() {
        SortedMap<String, SortedSet<Long>> report = new TreeMap<>();
        connectionsByPath.forEach((path, connections) -> report.put(path, new TreeSet<>(connections)));
        return report;
    }

    WatchSummary summary() {
        return new WatchSummary(pathsByConnection.size(), connectionsByPath.size(), watchCount);
    }

    private void forgetPathOfConnection(long connectionId, String path) {
        LinkedHashSet<String> paths = pathsByConnection.get(connectionId);
        paths.remove(path);
        if (paths.isEmpty()) {
            pathsByConnection.remove(connectionId);
        }
    }
}

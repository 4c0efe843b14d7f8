package dev.zksim.report.fourletter;

import dev.zksim.server.ServerIntrospection;
import dev.zksim.server.ServerIntrospection.ConnectionInfo;
import dev.zksim.server.ServerRole;
import dev.zksim.server.ZkServer;
import dev.zksim.server.tree.DataTree;
import dev.zksim.server.watch.WatchKind;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Everything the four-letter words report about one server at one instant, copied out of
 * the running simulation into values. Formatting works on this copy, so it is a pure
 * function that tests can feed by hand, and the simulation is not touched while printing.
 *
 * @param watches per watch table, connection id to watched paths (wchc's view; wchp inverts it)
 * @param approximateDataSize ZooKeeper's zk_approximate_data_size: the sum over znodes of path length plus data length
 */
public record ServerSnapshot(String server, long at, boolean serving, ServerRole role, long epoch,
                             long lastProcessedZxid, long lastDeliveredZxid, long treeDigest, int nodeCount,
                             long approximateDataSize, SortedMap<Long, Integer> sessionTimeouts,
                             SortedMap<Long, List<String>> ephemerals, List<ConnectionInfo> connections,
                             int pendingRequests, Map<WatchKind, SortedMap<Long, SortedSet<String>>> watches,
                             Traffic traffic) {

    public ServerSnapshot {
        sessionTimeouts = Collections.unmodifiableSortedMap(new TreeMap<>(sessionTimeouts));
        ephemerals = Collections.unmodifiableSortedMap(new TreeMap<>(ephemerals));
        connections = List.copyOf(connections);
        EnumMap<WatchKind, SortedMap<Long, SortedSet<String>>> copy = new EnumMap<>(WatchKind.class);
        for (WatchKind kind : WatchKind.values()) {
            copy.put(kind, Collections.unmodifiableSortedMap(new TreeMap<>(watches.getOrDefault(kind, new TreeMap<>()))));
        }
        watches = Collections.unmodifiableMap(copy);
    }

    /** Copies the state of a running server at simulated time {@code at}. */
    public static ServerSnapshot of(String serverId, long at, ZkServer server, Traffic traffic) {
        ServerIntrospection view = server.introspection();
        DataTree tree = server.database().tree();
        SortedMap<Long, List<String>> ephemerals = new TreeMap<>();
        for (Long session : tree.sessionsWithEphemerals()) {
            ephemerals.put(session, view.ephemerals(session));
        }
        Map<WatchKind, SortedMap<Long, SortedSet<String>>> watches = new EnumMap<>(WatchKind.class);
        for (WatchKind kind : WatchKind.values()) {
            watches.put(kind, view.watchesByConnection(kind));
        }
        return new ServerSnapshot(serverId, at, view.isServing(), view.role(), view.currentEpoch(),
                view.lastProcessedZxid(), view.lastDeliveredZxid(), view.treeDigest(), tree.nodeCount(),
                approximateDataSize(tree), view.sessions(), ephemerals, view.connections(), view.pendingRequests(),
                watches, traffic);
    }

    /** Walks the tree from the root, as ZooKeeper's DataTree.approximateDataSize sums every node. */
    static long approximateDataSize(DataTree tree) {
        long size = 0;
        Deque<String> pending = new ArrayDeque<>(List.of("/"));
        while (!pending.isEmpty()) {
            String path = pending.pop();
            var data = tree.getData(path);
            size += path.length() + (data == null || data.data() == null ? 0 : data.data().length);
            List<String> children = tree.getChildren(path);
            for (String child : children == null ? List.<String>of() : children) {
                pending.push(path.equals("/") ? "/" + child : path + "/" + child);
            }
        }
        return size;
    }

    /** The session a connection serves, or 0 if unknown (the handshake is not done). */
    long sessionOf(long connectionId) {
        for (ConnectionInfo connection : connections) {
            if (connection.connectionId() == connectionId) {
                return connection.sessionId();
            }
        }
        return 0;
    }

    /**
     * ZooKeeper keeps two watch managers: the data one holds exists/getData watches and
     * every persistent and persistent-recursive watch, the child one holds getChildren
     * watches and the plain persistent ones (DataTree.addWatch). The simulation keeps one
     * table per kind; merging them this way gives the numbers ZooKeeper would print.
     */
    SortedMap<Long, SortedSet<String>> zooKeeperTable(boolean data) {
        List<WatchKind> kinds = data ? List.of(WatchKind.DATA, WatchKind.PERSISTENT, WatchKind.PERSISTENT_RECURSIVE)
                : List.of(WatchKind.CHILD, WatchKind.PERSISTENT);
        SortedMap<Long, SortedSet<String>> merged = new TreeMap<>();
        for (WatchKind kind : kinds) {
            watches.get(kind).forEach((connection, paths) ->
                    merged.computeIfAbsent(connection, c -> new TreeSet<>()).addAll(paths));
        }
        return merged;
    }

    /** A table inverted: path to the connections watching it. */
    static SortedMap<String, SortedSet<Long>> byPath(SortedMap<Long, SortedSet<String>> byConnection) {
        SortedMap<String, SortedSet<Long>> inverted = new TreeMap<>();
        byConnection.forEach((connection, paths) -> {
            for (String path : paths) {
                inverted.computeIfAbsent(path, p -> new TreeSet<>()).add(connection);
            }
        });
        return inverted;
    }

    static int watchCount(SortedMap<Long, SortedSet<String>> table) {
        int count = 0;
        for (SortedSet<String> paths : table.values()) {
            count += paths.size();
        }
        return count;
    }
}

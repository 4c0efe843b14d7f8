package dev.zksim.report.fourletter;

import dev.zksim.report.html.Num;
import dev.zksim.server.ServerIntrospection.ConnectionInfo;
import dev.zksim.server.ServerRole;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * ZooKeeper 3.9's four-letter-word output (StatCommand, MonitorCommand, ConsCommand,
 * WatchCommand, DumpCommand), reproduced line for line where the simulated server has
 * the figure, and adapted where it does not: a connection prints as "/CLIENT:CONNECTION"
 * instead of an IP and port; sessions are grouped by their timeout, since the simulation
 * keeps deadlines rather than ZooKeeper's expiry buckets; counters are request counts
 * ({@link Traffic}). mntr adds zksim_ lines for what ZooKeeper has no key for.
 */
final class FourLetterFormat {
    /** ZooKeeper's answer while it has no quorum (ZK_NOT_SERVING in FourLetterCommands). */
    static final String NOT_SERVING = "This ZooKeeper instance is not currently serving requests\n";
    static final String VERSION = "3.9.5-zksim, built on (simulated server)";

    private FourLetterFormat() {
    }

    static String answer(FourLetterWord word, ServerSnapshot server) {
        if (!server.serving()) {
            return NOT_SERVING;
        }
        return switch (word) {
            case STAT -> stat(server, true);
            case SRVR -> stat(server, false);
            case MNTR -> mntr(server);
            case CONS -> cons(server);
            case WCHS -> wchs(server);
            case WCHP -> wchp(server);
            case WCHC -> wchc(server);
            case DUMP -> dump(server);
        };
    }

    /** stat lists the clients before the statistics; srvr is the same without them. */
    static String stat(ServerSnapshot server, boolean clients) {
        StringBuilder out = new StringBuilder(256);
        out.append("Zookeeper version: ").append(VERSION).append('\n');
        if (clients) {
            out.append("Clients:\n");
            for (ConnectionInfo connection : server.connections()) {
                out.append(' ').append(address(connection)).append("[1](queued=0,sid=").append(hex(connection.sessionId()))
                        .append(")\n");
            }
            out.append('\n');
        }
        Traffic traffic = server.traffic();
        out.append("Latency min/avg/max: ").append(traffic.minLatencyMs()).append('/').append(average(traffic))
                .append('/').append(traffic.maxLatencyMs()).append('\n')
                .append("Received: ").append(traffic.received()).append('\n')
                .append("Sent: ").append(traffic.sent()).append('\n')
                .append("Connections: ").append(server.connections().size()).append('\n')
                .append("Outstanding: ").append(server.pendingRequests()).append('\n')
                .append("Zxid: ").append(hex(server.lastProcessedZxid())).append('\n')
                .append("Mode: ").append(mode(server.role())).append('\n')
                .append("Node count: ").append(server.nodeCount()).append('\n');
        return out.toString();
    }

    static String mntr(ServerSnapshot server) {
        Traffic traffic = server.traffic();
        SortedMap<Long, SortedSet<String>> data = server.zooKeeperTable(true);
        SortedMap<Long, SortedSet<String>> child = server.zooKeeperTable(false);
        StringBuilder out = new StringBuilder(512);
        key(out, "zk_version", VERSION);
        key(out, "zk_server_state", mode(server.role()));
        key(out, "zk_avg_latency", average(traffic));
        key(out, "zk_max_latency", traffic.maxLatencyMs());
        key(out, "zk_min_latency", traffic.minLatencyMs());
        key(out, "zk_packets_received", traffic.received());
        key(out, "zk_packets_sent", traffic.sent());
        key(out, "zk_num_alive_connections", server.connections().size());
        key(out, "zk_outstanding_requests", server.pendingRequests());
        key(out, "zk_znode_count", server.nodeCount());
        key(out, "zk_watch_count", ServerSnapshot.watchCount(data) + ServerSnapshot.watchCount(child));
        key(out, "zk_ephemerals_count", server.ephemerals().values().stream().mapToInt(List::size).sum());
        key(out, "zk_approximate_data_size", server.approximateDataSize());
        key(out, "zk_global_sessions", server.sessionTimeouts().size());
        key(out, "zksim_epoch", server.epoch());
        key(out, "zksim_last_processed_zxid", hex(server.lastProcessedZxid()));
        key(out, "zksim_last_delivered_zxid", hex(server.lastDeliveredZxid()));
        key(out, "zksim_tree_digest", hex(server.treeDigest()));
        return out.toString();
    }

    static String cons(ServerSnapshot server) {
        StringBuilder out = new StringBuilder(256);
        for (ConnectionInfo connection : server.connections()) {
            Integer timeout = server.sessionTimeouts().get(connection.sessionId());
            out.append(' ').append(address(connection)).append("[1](queued=0,sid=").append(hex(connection.sessionId()))
                    .append(",to=").append(timeout == null ? 0 : timeout)
                    .append(",state=").append(connection.state()).append(")\n");
        }
        return out.append('\n').toString();
    }

    /** ZooKeeper's wchs summarises its data watch manager only (DataTree.dumpWatchesSummary). */
    static String wchs(ServerSnapshot server) {
        SortedMap<Long, SortedSet<String>> data = server.zooKeeperTable(true);
        return data.size() + " connections watching " + ServerSnapshot.byPath(data).size() + " paths\n"
                + "Total watches:" + ServerSnapshot.watchCount(data) + "\n";
    }

    /** Watching sessions, each followed by its paths; the data manager, then the child manager. */
    static String wchc(ServerSnapshot server) {
        StringBuilder out = new StringBuilder(256);
        for (boolean data : new boolean[] {true, false}) {
            server.zooKeeperTable(data).forEach((connection, paths) -> {
                out.append(hex(server.sessionOf(connection))).append('\n');
                paths.forEach(path -> out.append('\t').append(path).append('\n'));
            });
        }
        return out.toString();
    }

    /** Watched paths, each followed by the sessions watching it; the data manager, then the child manager. */
    static String wchp(ServerSnapshot server) {
        StringBuilder out = new StringBuilder(256);
        for (boolean data : new boolean[] {true, false}) {
            ServerSnapshot.byPath(server.zooKeeperTable(data)).forEach((path, connections) -> {
                out.append(path).append('\n');
                connections.forEach(connection -> out.append('\t').append(hex(server.sessionOf(connection))).append('\n'));
            });
        }
        return out.toString();
    }

    static String dump(ServerSnapshot server) {
        StringBuilder out = new StringBuilder(512);
        SortedMap<Integer, SortedSet<Long>> byTimeout = new TreeMap<>();
        server.sessionTimeouts().forEach((session, timeout) ->
                byTimeout.computeIfAbsent(timeout, t -> new TreeSet<>()).add(session));
        out.append("SessionTracker dump:\nSession Sets (").append(byTimeout.size()).append(")/(")
                .append(server.sessionTimeouts().size()).append("):\n");
        byTimeout.forEach((timeout, sessions) -> {
            out.append(sessions.size()).append(" with timeout ").append(timeout).append("ms:\n");
            sessions.forEach(session -> out.append('\t').append(hex(session)).append('\n'));
        });
        out.append("ephemeral nodes dump:\nSessions with Ephemerals (").append(server.ephemerals().size()).append("):\n");
        server.ephemerals().forEach((session, paths) -> {
            out.append(hex(session)).append(":\n");
            paths.forEach(path -> out.append('\t').append(path).append('\n'));
        });
        out.append("Connections dump:\nConnections (").append(server.connections().size()).append("):\n");
        for (ConnectionInfo connection : server.connections()) {
            out.append("\tip: ").append(address(connection)).append(" sessionId: ").append(hex(connection.sessionId()))
                    .append('\n');
        }
        return out.toString();
    }

    /** srvr's Mode line; a LOOKING server never gets here, since it is not serving. */
    static String mode(ServerRole role) {
        return switch (role) {
            case STANDALONE -> "standalone";
            case LEADING -> "leader";
            case FOLLOWING -> "follower";
            case LOOKING -> "looking";
        };
    }

    private static String address(ConnectionInfo connection) {
        return "/" + connection.remote() + ":" + connection.connectionId();
    }

    /** Java prints ZooKeeper's double average as "0.0" or "1.25"; this matches for the usual values. */
    private static String average(Traffic traffic) {
        String text = Num.fmt(traffic.avgLatencyMs(), 4);
        return text.contains(".") ? text : text + ".0";
    }

    private static void key(StringBuilder out, String key, Object value) {
        out.append(key).append('\t').append(value).append('\n');
    }

    static String hex(long value) {
        return "0x" + Long.toHexString(value);
    }
}

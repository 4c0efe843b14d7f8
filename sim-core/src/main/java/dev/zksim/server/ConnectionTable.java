package dev.zksim.server;

import dev.zksim.kernel.collect.LongMap;
import dev.zksim.protocol.ServerPacket;
import dev.zksim.server.watch.ServerWatchTable;
import dev.zksim.server.watch.WatchDelivery;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * The server's open client connections by id, and for each established session the one
 * connection that currently serves it. A reconnect with a live session takes the session
 * over and the old connection is closed, as ZooKeeper does on CLIENT_RECONNECT. Watches
 * belong to connections, so they go when their connection goes.
 */
final class ConnectionTable {
    /**
     * Looked up by id for every watch notification: a tree map boxed the id and searched a
     * tree each time. {@link #all} sorts the ids, so this map's own order never shows.
     */
    private final LongMap<ClientConnection> open = new LongMap<>();
    private final TreeMap<Long, ClientConnection> bySession = new TreeMap<>();
    private final ServerWatchTable watches;

    ConnectionTable(ServerWatchTable watches) {
        this.watches = watches;
    }

    void add(ClientConnection connection) {
        open.put(connection.id(), connection);
    }

    /** Makes the connection the session's; returns the one it replaces, if any. */
    ClientConnection bind(long sessionId, ClientConnection connection) {
        ClientConnection previous = bySession.put(sessionId, connection);
        return previous == connection ? null : previous;
    }

    ClientConnection ofSession(long sessionId) {
        return bySession.get(sessionId);
    }

    /** Forgets a connection that is closed, with its watches. */
    void remove(ClientConnection connection) {
        open.remove(connection.id());
        watches.removeConnection(connection.id());
        long sessionId = connection.sessionId();
        if (sessionId != 0 && bySession.get(sessionId) == connection) {
            bySession.remove(sessionId);
        }
    }

    /** Writes a watch notification onto its connection, if that is still open. */
    void notify(WatchDelivery delivery) {
        ClientConnection connection = open.get(delivery.connectionId());
        if (connection != null) {
            connection.send(new ServerPacket.Notification(delivery.event()));
        }
    }

    int size() {
        return open.size();
    }

    /** Open connections in id order. */
    List<ClientConnection> all() {
        long[] ids = open.keys();
        Arrays.sort(ids);
        List<ClientConnection> connections = new ArrayList<>(ids.length);
        for (long id : ids) {
            connections.add(open.get(id));
        }
        return connections;
    }
}

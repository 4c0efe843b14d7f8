package dev.zksim.server;

import dev.zksim.protocol.ServerPacket;
import dev.zksim.server.watch.ServerWatchTable;
import dev.zksim.server.watch.WatchDelivery;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The server's open client connections by id, and for each established session the one
 * connection that currently serves it. A reconnect with a live session takes the session
 * over and the old connection is closed, as ZooKeeper does on CLIENT_RECONNECT. Watches
 * belong to connections, so they go when their connection goes.
 */
final class ConnectionTable {
    private final TreeMap<Long, ClientConnection> open = new TreeMap<>();
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
        return new ArrayList<>(open.values());
    }
}

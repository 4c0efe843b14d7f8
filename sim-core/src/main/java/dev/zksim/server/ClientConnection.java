package dev.zksim.server;

import dev.zksim.kernel.net.Connection;
import dev.zksim.kernel.net.ConnectionHandler;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.ServerPacket;
import dev.zksim.server.session.SessionIds;
import java.util.ArrayList;
import java.util.List;

/**
 * The server end of one client connection (ZooKeeper's ServerCnxn) and its handshake state:
 * first a ConnectRequest, then, for a new session, a wait for the createSession txn, then
 * requests and pings. Requests that arrive before the handshake completes wait here and
 * run, in order, once it does. Every request is first checked against jute.maxbuffer.
 */
final class ClientConnection implements ConnectionHandler {
    enum State { AWAITING_CONNECT, CREATING_SESSION, ESTABLISHED, CLOSED }

    private final ZkServer server;
    private final Connection connection;
    private final List<ClientPacket.Request> early = new ArrayList<>();
    private State state = State.AWAITING_CONNECT;
    private long sessionId;
    /** The last session id formatted for trace records, and its text. */
    private long formattedSession;
    private String formattedSessionText;

    ClientConnection(ZkServer server, Connection connection) {
        this.server = server;
        this.connection = connection;
    }

    long id() {
        return connection.id();
    }

    Connection connection() {
        return connection;
    }

    State state() {
        return state;
    }

    /** The session this connection serves or is creating, or 0 before a ConnectRequest. */
    long sessionId() {
        return sessionId;
    }

    /**
     * {@code id} as trace records show it ({@link SessionIds#hex}), formatted once per
     * connection instead of twice per request.
     */
    String sessionText(long id) {
        if (formattedSessionText == null || formattedSession != id) {
            formattedSession = id;
            formattedSessionText = SessionIds.hex(id);
        }
        return formattedSessionText;
    }

    @Override
    public void onMessage(Connection from, Object message) {
        if (state == State.CLOSED) {
            return;
        }
        if (!(message instanceof ClientPacket packet)) {
            server.closeConnection(this, "not a client packet: " + message);
            return;
        }
        switch (packet) {
            case ClientPacket.Request request -> onRequest(request);
            case ClientPacket.ConnectRequest connect -> {
                if (state == State.AWAITING_CONNECT) {
                    server.connect(this, connect);
                } else {
                    server.closeConnection(this, "a second ConnectRequest");
                }
            }
            case ClientPacket.Ping ping -> {
                if (state == State.ESTABLISHED && server.touch(sessionId)) {
                    send(new ServerPacket.Pong());
                }
            }
        }
    }

    /**
     * Closes the connection if the request is larger than jute.maxbuffer, and says whether it
     * did. The request is sized exactly only if its bound (three bytes a character) could
     * exceed the limit.
     */
    private boolean closedOverMaxBuffer(Operation operation) {
        int limit = server.config().maxBuffer();
        if (operation.wireSize(false) <= limit) {
            return false;
        }
        int size = operation.wireSize();
        if (size <= limit) {
            return false;
        }
        server.closeConnection(this, "request of " + size + " bytes exceeds jute.maxbuffer");
        return true;
    }

    private void onRequest(ClientPacket.Request request) {
        if (closedOverMaxBuffer(request.operation())) {
            return;
        }
        switch (state) {
            case AWAITING_CONNECT -> server.closeConnection(this, "a request before the ConnectRequest");
            case CREATING_SESSION -> early.add(request);
            case ESTABLISHED -> server.requests().received(this, sessionId, request);
            case CLOSED -> {
                // Nothing is served on a closed connection.
            }
        }
    }

    /**
     * The connection waits for its session: a new session's createSession txn was
     * submitted, or a reconnect is being revalidated with the leader. Requests wait too.
     */
    void creatingSession(long id) {
        state = State.CREATING_SESSION;
        sessionId = id;
    }

    /** The handshake completed: serve the session and run what arrived meanwhile. */
    void established(long id) {
        state = State.ESTABLISHED;
        sessionId = id;
        List<ClientPacket.Request> waiting = List.copyOf(early);
        early.clear();
        for (ClientPacket.Request request : waiting) {
            onRequest(request);
        }
    }

    /** Sends unless the connection is known to be gone (then the packet is just lost). */
    void send(ServerPacket packet) {
        if (state != State.CLOSED && connection.isOpen()) {
            connection.send(packet);
        }
    }

    /** Marks the connection closed; returns false if it already was. */
    boolean markClosed() {
        if (state == State.CLOSED) {
            return false;
        }
        state = State.CLOSED;
        early.clear();
        return true;
    }

    @Override
    public void onClosed(Connection from, String reason) {
        server.connectionLost(this, reason);
    }

    @Override
    public String toString() {
        return "client conn#" + connection.id() + " (" + state + ", session " + Long.toHexString(sessionId) + ")";
    }
}

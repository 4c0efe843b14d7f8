package dev.zksim.server;

import dev.zksim.kernel.net.Connection;
import dev.zksim.kernel.net.ConnectionHandler;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.ServerPacket;
import java.util.ArrayList;
import java.util.List;

/**
 * A raw protocol client for server tests: it connects, sends exactly the packets the test
 * scripts, and records every packet the server sends with its arrival time, plus closes.
 * It keeps no state machine of its own, so the server is tested on its own.
 */
final class RawClient implements ConnectionHandler {
    record Arrival(long time, ServerPacket packet) {
    }

    final SimProcess process;
    private final Network network;
    final List<Arrival> received = new ArrayList<>();
    final List<String> closes = new ArrayList<>();
    Connection connection;
    boolean connected;
    long sessionId;
    long password;
    int timeoutMs;
    private int nextXid = 1;

    RawClient(SimProcess process, Network network) {
        this.process = process;
        this.network = network;
    }

    void connect(String server) {
        connected = false;
        connection = network.connect(process, server, this);
    }

    void send(ClientPacket packet) {
        connection.send(packet);
    }

    /** Sends a request with the next xid and returns that xid. */
    int request(Operation operation) {
        int xid = nextXid++;
        send(new ClientPacket.Request(xid, operation));
        return xid;
    }

    @Override
    public void onConnected(Connection established) {
        connected = true;
    }

    @Override
    public void onMessage(Connection from, Object message) {
        ServerPacket packet = (ServerPacket) message;
        received.add(new Arrival(process.now(), packet));
        if (packet instanceof ServerPacket.ConnectResponse response && !response.isExpired()) {
            sessionId = response.sessionId();
            password = response.password();
            timeoutMs = response.timeoutMs();
        }
    }

    @Override
    public void onClosed(Connection from, String reason) {
        closes.add(reason);
        connected = false;
    }

    List<ServerPacket> packets() {
        return received.stream().map(Arrival::packet).toList();
    }

    /** The reply with this xid; fails the test if there is none. */
    ServerPacket.Reply reply(int xid) {
        return replies().stream().filter(reply -> reply.xid() == xid).findFirst()
                .orElseThrow(() -> new AssertionError("no reply to xid " + xid + " in " + packets()));
    }

    boolean hasReply(int xid) {
        return replies().stream().anyMatch(reply -> reply.xid() == xid);
    }

    List<ServerPacket.Reply> replies() {
        return received.stream().map(Arrival::packet).filter(ServerPacket.Reply.class::isInstance)
                .map(ServerPacket.Reply.class::cast).toList();
    }

    List<ServerPacket.Notification> notifications() {
        return received.stream().map(Arrival::packet).filter(ServerPacket.Notification.class::isInstance)
                .map(ServerPacket.Notification.class::cast).toList();
    }

    /** The highest zxid seen in a reply, as a client tracks lastZxid. */
    long lastZxid() {
        return replies().stream().mapToLong(ServerPacket.Reply::zxid).max().orElse(0);
    }

    int indexOf(ServerPacket packet) {
        return packets().indexOf(packet);
    }
}

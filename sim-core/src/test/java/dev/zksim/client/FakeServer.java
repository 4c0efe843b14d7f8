package dev.zksim.client;

import dev.zksim.api.Stat;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.kernel.net.Connection;
import dev.zksim.kernel.net.ConnectionHandler;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.Response;
import dev.zksim.protocol.ServerPacket;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A scripted stand-in for a ZooKeeper server, so the client library is tested on its own.
 * It records every packet it receives with the time, answers connects through
 * {@link #onConnect}, requests through {@link #onRequest} (which may return notifications
 * ahead of the reply), pongs pings unless told not to, and can refuse or ignore clients.
 */
final class FakeServer {
    /** A packet the server received, when, and on which connection. */
    record Received(long time, long connectionId, ClientPacket packet) {
    }

    static final Stat STAT = new Stat(1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1);

    final String id;
    final SimProcess process;
    final List<Received> received = new ArrayList<>();
    final List<Connection> connections = new ArrayList<>();
    long zxid = 100;
    long nextSessionId = 0x100;
    boolean answerPings = true;
    /** Accepts the TCP connection but never answers anything. */
    boolean silent;
    /** Closes every accepted connection at once, as a server that is not serving does. */
    boolean refuse;
    Function<ClientPacket.ConnectRequest, ServerPacket.ConnectResponse> onConnect = this::grant;
    Function<ClientPacket.Request, List<ServerPacket>> onRequest = this::okReply;

    FakeServer(Simulation simulation, Network network, String id) {
        this.id = id;
        this.process = new SimProcess(simulation, id, p -> () -> { }, CrashPolicy.LOSE_UNSYNCED);
        network.register(process);
        process.start();
        network.listen(process, this::accept);
    }

    private ConnectionHandler accept(Connection connection) {
        connections.add(connection);
        if (refuse) {
            process.schedule(0, connection::close);
        }
        return new ConnectionHandler() {
            @Override
            public void onMessage(Connection from, Object message) {
                receive(from, (ClientPacket) message);
            }

            @Override
            public void onClosed(Connection closed, String reason) {
            }
        };
    }

    private void receive(Connection from, ClientPacket packet) {
        received.add(new Received(process.now(), from.id(), packet));
        if (silent) {
            return;
        }
        switch (packet) {
            case ClientPacket.ConnectRequest request -> from.send(onConnect.apply(request));
            case ClientPacket.Request request -> onRequest.apply(request).forEach(from::send);
            case ClientPacket.Ping ping -> {
                if (answerPings) {
                    from.send(new ServerPacket.Pong());
                }
            }
        }
    }

    /** Keeps the client's session, or makes a new one. */
    ServerPacket.ConnectResponse grant(ClientPacket.ConnectRequest request) {
        long session = request.sessionId() != 0 ? request.sessionId() : nextSessionId++;
        return new ServerPacket.ConnectResponse(request.timeoutMs(), session, session * 7);
    }

    /** Answers every request with OK and a body of the right shape; writes take a zxid. */
    List<ServerPacket> okReply(ClientPacket.Request request) {
        Operation operation = request.operation();
        if (operation.isWrite()) {
            zxid++;
        }
        return List.of(new ServerPacket.Reply(request.xid(), zxid, 0, body(operation)));
    }

    static Response body(Operation operation) {
        return switch (operation) {
            case Operation.Create create -> create.withStat()
                    ? new Response.CreateResponse(create.path(), STAT) : new Response.PathResponse(create.path());
            case Operation.CreateTtl create -> new Response.CreateResponse(create.path(), STAT);
            case Operation.Delete delete -> new Response.Empty();
            case Operation.SetData setData -> new Response.StatResponse(STAT);
            case Operation.Exists exists -> new Response.StatResponse(STAT);
            case Operation.GetData getData -> new Response.DataResponse(new byte[] {1, 2}, STAT);
            case Operation.GetChildren children -> new Response.ChildrenResponse(List.of("b", "a"), children.withStat() ? STAT : null);
            case Operation.Sync sync -> new Response.PathResponse(sync.path());
            case Operation.GetEphemerals ephemerals -> new Response.PathsResponse(List.of("/e"));
            case Operation.GetAllChildrenNumber count -> new Response.CountResponse(2);
            case Operation.AddWatch add -> new Response.Empty();
            case Operation.CheckWatches check -> new Response.Empty();
            case Operation.RemoveWatches remove -> new Response.Empty();
            case Operation.SetWatches2 setWatches -> new Response.Empty();
            case Operation.Multi multi -> new Response.MultiResponse(List.of());
            case Operation.SetWatches setWatches -> new Response.Empty();
            case Operation.CloseSession close -> new Response.Empty();
        };
    }

    /** The packets received so far, in order, without times. */
    List<ClientPacket> packets() {
        return received.stream().map(Received::packet).toList();
    }

    /** The requests received so far, in order. */
    List<ClientPacket.Request> requests() {
        return received.stream().map(Received::packet)
                .filter(ClientPacket.Request.class::isInstance).map(ClientPacket.Request.class::cast).toList();
    }

    /** Times at which pings arrived. */
    List<Long> pingTimes() {
        return received.stream().filter(r -> r.packet() instanceof ClientPacket.Ping).map(Received::time).toList();
    }

    /** The server's end of the most recent connection. */
    Connection lastConnection() {
        return connections.get(connections.size() - 1);
    }
}

package dev.zksim.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.ServerPacket;

/** One standalone server "s1" on a simulated network, and raw clients to talk to it. */
final class ServerHarness {
    static final String SERVER = "s1";
    /** Every link takes exactly this long unless a test sets a distribution. */
    static final long LINK_DELAY = Time.millis(1);

    final Simulation simulation;
    final Network network;
    final SimProcess serverProcess;

    ServerHarness(ServerConfig config) {
        this(1, config, CrashPolicy.LOSE_UNSYNCED, new Distribution.Constant(LINK_DELAY));
    }

    ServerHarness(long seed, ServerConfig config, CrashPolicy policy, Distribution linkDelay) {
        simulation = new Simulation(new SeededChoices(seed));
        network = new Network(simulation, linkDelay);
        serverProcess = new SimProcess(simulation, SERVER, ZkServer.factory(network, config), policy);
        network.register(serverProcess);
        serverProcess.start();
    }

    ZkServer server() {
        return (ZkServer) serverProcess.node();
    }

    long now() {
        return simulation.now();
    }

    void runFor(long micros) {
        simulation.runUntil(simulation.now() + micros);
    }

    void runMillis(long millis) {
        runFor(Time.millis(millis));
    }

    /** A client process, connected (TCP only, no ConnectRequest yet). */
    RawClient connectedClient(String id) {
        SimProcess process = new SimProcess(simulation, id, p -> () -> { }, CrashPolicy.LOSE_UNSYNCED);
        network.register(process);
        process.start();
        RawClient client = new RawClient(process, network);
        client.connect(SERVER);
        runMillis(10);
        assertThat(client.connected).as("TCP connection of " + id).isTrue();
        return client;
    }

    /** A client with a new session of the requested timeout. */
    RawClient session(String id, int timeoutMs) {
        RawClient client = connectedClient(id);
        client.send(new ClientPacket.ConnectRequest(0, timeoutMs, 0, 0));
        runMillis(20);
        assertThat(client.packets().getLast()).isInstanceOf(ServerPacket.ConnectResponse.class);
        return client;
    }

    /** Sends one request, lets it finish and returns its reply. */
    ServerPacket.Reply call(RawClient client, Operation operation) {
        int xid = client.request(operation);
        runMillis(10);
        return client.reply(xid);
    }
}

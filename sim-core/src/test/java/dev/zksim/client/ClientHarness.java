package dev.zksim.client;

import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.TraceRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One client process and a few fake servers on a network with a constant 1 ms delay, so
 * the times in assertions are exact: a TCP connect takes 2 ms, the handshake 2 ms more.
 */
final class ClientHarness {
    static final long LINK = Time.millis(1);

    final Simulation simulation;
    final Network network;
    final Map<String, FakeServer> servers = new LinkedHashMap<>();
    final SimProcess clientProcess;
    final List<WatchedEvent> events = new ArrayList<>();
    final List<Long> eventTimes = new ArrayList<>();
    final List<TraceRecord> clientTrace = new ArrayList<>();
    SimZooKeeper client;

    ClientHarness(long seed, int serverCount, int timeoutMs) {
        this(seed, serverCount, timeoutMs, ClientConfig.DEFAULT);
    }

    ClientHarness(long seed, int serverCount, int timeoutMs, ClientConfig config) {
        simulation = new Simulation(new SeededChoices(seed));
        network = new Network(simulation, new Distribution.Constant(LINK));
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= serverCount; i++) {
            ids.add("s" + i);
            servers.put("s" + i, new FakeServer(simulation, network, "s" + i));
        }
        clientProcess = new SimProcess(simulation, "c1", process -> () -> {
            client = new SimZooKeeper(process, network, ids, timeoutMs, this::record, config);
        }, CrashPolicy.LOSE_UNSYNCED);
        network.register(clientProcess);
        simulation.trace().addSink(record -> {
            if (record.process().equals("c1") && record.event() instanceof ClientEvent) {
                clientTrace.add(record);
            }
        });
        clientProcess.start();
    }

    private void record(WatchedEvent event) {
        events.add(event);
        eventTimes.add(simulation.now());
    }

    /** Runs the simulation for this many microseconds of simulated time. */
    void runFor(long micros) {
        simulation.runUntil(simulation.now() + micros);
    }

    /** The server the client tries in position {@code index} of its shuffled order. */
    FakeServer inOrder(int index) {
        return servers.get(client.serverOrder().get(index));
    }

    /** The session states the default watcher saw, in order. */
    List<KeeperState> states() {
        return events.stream().filter(e -> e.path() == null).map(WatchedEvent::state).toList();
    }

    /** The client's trace events of one type, in order. */
    <T extends ClientEvent> List<T> traced(Class<T> type) {
        return clientTrace.stream().map(TraceRecord::event).filter(type::isInstance).map(type::cast).toList();
    }

    /** Times of the client's trace events of one type. */
    List<Long> tracedTimes(Class<? extends ClientEvent> type) {
        return clientTrace.stream().filter(r -> type.isInstance(r.event())).map(TraceRecord::time).toList();
    }
}

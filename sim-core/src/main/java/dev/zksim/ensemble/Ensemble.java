package dev.zksim.ensemble;

import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.RunResult;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.server.ServerConfig;
import dev.zksim.server.ZkServer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A simulated ZooKeeper ensemble: servers s1..sN and clients c1, c2... on one simulated
 * network, driven by one {@link Simulation}. This is the facade tests and scenarios use:
 * build it, add clients with their programs, run it, inject faults through {@link
 * #faults()}, and look inside through the server and client accessors.
 */
public final class Ensemble {
    private static final long CHECK_INTERVAL = Time.seconds(1);

    private final EnsembleConfig config;
    private final Simulation simulation;
    private final Network network;
    private final Map<String, SimProcess> servers = new LinkedHashMap<>();
    private final Map<String, EnsembleClient> clients = new LinkedHashMap<>();
    private final EnsembleFaults faults;
    private final EnsembleChecks checks;

    private Ensemble(Choices choices, EnsembleConfig config) {
        this.config = config;
        this.simulation = new Simulation(choices);
        this.network = new Network(simulation, config.networkDelay());
        this.faults = new EnsembleFaults(this);
        this.checks = new EnsembleChecks(this);
        for (int i = 1; i <= config.servers(); i++) {
            addServer("s" + i, i);
        }
    }

    /** Builds the ensemble and starts every server; clients are added afterwards. */
    public static Ensemble start(Choices choices, EnsembleConfig config) {
        Ensemble ensemble = new Ensemble(choices, config);
        ensemble.servers.values().forEach(SimProcess::start);
        if (config.selfChecks()) {
            ensemble.scheduleChecks();
        }
        return ensemble;
    }

    /**
     * Runs the server-side self-checks once per simulated second. The timer keeps the
     * simulation from going quiet, which is fine: ensembles run to a time bound.
     */
    private void scheduleChecks() {
        simulation.schedule(CHECK_INTERVAL, () -> {
            checks.verifyNow();
            scheduleChecks();
        });
    }

    private void addServer(String id, long serverId) {
        ServerConfig serverConfig = ServerConfig.defaults(serverId, config.tickTimeMs())
                .withSnapCount(config.snapCount())
                .withFsyncLatency(config.fsyncLatency());
        SimProcess process = new SimProcess(simulation, id, ZkServer.factory(network, serverConfig), config.crashPolicy());
        network.register(process);
        servers.put(id, process);
    }

    /** Adds a client process c(N+1) running the program, and starts it. */
    public EnsembleClient addClient(ClientProgram program) {
        String id = "c" + (clients.size() + 1);
        SimProcess[] holder = new SimProcess[1];
        EnsembleClient[] client = new EnsembleClient[1];
        holder[0] = new SimProcess(simulation, id, process -> client[0].node(), config.crashPolicy());
        client[0] = new EnsembleClient(holder[0], network, serverIds(), config.sessionTimeoutMs(), program,
                config.selfChecks());
        network.register(holder[0]);
        clients.put(id, client[0]);
        holder[0].start();
        return client[0];
    }

    public EnsembleConfig config() {
        return config;
    }

    public Simulation simulation() {
        return simulation;
    }

    public Network network() {
        return network;
    }

    public EnsembleFaults faults() {
        return faults;
    }

    public EnsembleChecks checks() {
        return checks;
    }

    public List<String> serverIds() {
        return List.copyOf(servers.keySet());
    }

    public List<String> clientIds() {
        return List.copyOf(clients.keySet());
    }

    public SimProcess serverProcess(String id) {
        SimProcess process = servers.get(id);
        if (process == null) {
            throw new IllegalArgumentException("no server " + id + " in " + serverIds());
        }
        return process;
    }

    /** The running server object, or empty while that server is down. */
    public Optional<ZkServer> server(String id) {
        return Optional.ofNullable((ZkServer) serverProcess(id).node());
    }

    public EnsembleClient client(String id) {
        EnsembleClient client = clients.get(id);
        if (client == null) {
            throw new IllegalArgumentException("no client " + id + " in " + clientIds());
        }
        return client;
    }

    public List<EnsembleClient> clients() {
        return new ArrayList<>(clients.values());
    }

    /** The id of the server that currently leads (standalone: the one server, if up). */
    public Optional<String> leader() {
        for (String id : servers.keySet()) {
            if (server(id).isPresent() && serverProcess(id).state() == SimProcess.State.RUNNING && servers.size() == 1) {
                return Optional.of(id);
            }
        }
        return Optional.empty();
    }

    public RunResult run(RunBounds bounds) {
        return simulation.run(bounds);
    }

    /** Runs for the given simulated duration (microseconds) from now. */
    public RunResult runFor(long duration) {
        return simulation.runUntil(simulation.now() + duration);
    }
}

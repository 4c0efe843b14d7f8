package dev.zksim.ensemble;

import dev.zksim.api.KeeperState;
import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.RunResult;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.TraceSink;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.kernel.process.Node;
import dev.zksim.server.ServerConfig;
import dev.zksim.server.ServerRole;
import dev.zksim.server.QuorumGenesis;
import dev.zksim.server.ZkServer;
import dev.zksim.server.zab.ZabConfig;
import dev.zksim.server.zab.ZabInvariants;
import dev.zksim.server.zab.ZabMonitor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongConsumer;

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
    /** The one database every quorum member starts from, so that the replicas share what they apply. */
    private final QuorumGenesis genesis = new QuorumGenesis();
    private final Map<String, SimProcess> servers = new LinkedHashMap<>();
    private final Map<String, EnsembleClient> clients = new LinkedHashMap<>();
    private final EnsembleFaults faults;
    private final EnsembleChecks checks;
    private final ZabInvariants zabInvariants = new ZabInvariants();
    private final AckedWrites acked = new AckedWrites();
    private final SessionLosses sessionLosses;
    private final List<SessionEventListener> sessionEventListeners = new ArrayList<>();

    private Ensemble(Choices choices, EnsembleConfig config) {
        this.config = config;
        this.simulation = new Simulation(choices);
        this.network = new Network(simulation, config.networkDelay());
        this.faults = new EnsembleFaults(this);
        this.checks = new EnsembleChecks(this);
        // Without self-checks nobody reads the invariants, and keeping every committed
        // txn for them would cost memory and time in long benchmark runs.
        this.sessionLosses = config.selfChecks() ? new SessionLosses(zabInvariants, new SequentialNames(simulation))
                : new SessionLosses(ZabMonitor.NONE, null);
        // A Zab violation fails the run at the step that broke it: a bug that makes votes
        // cycle floods the network within milliseconds, long before the next periodic check.
        zabInvariants.onViolation(violation -> {
            throw SimulationFailure.safety(simulation.now(), "ensemble self-check failed: Zab invariants violated: "
                    + violation);
        });
        for (int i = 1; i <= config.servers(); i++) {
            addServer("s" + i, i);
        }
    }

    /** Builds the ensemble and starts every server; clients are added afterwards. */
    public static Ensemble start(Choices choices, EnsembleConfig config) {
        return start(choices, config, List.of());
    }

    /**
     * Like {@link #start(Choices, EnsembleConfig)}, with trace sinks attached before anything
     * runs, so they also see the servers' first events.
     */
    public static Ensemble start(Choices choices, EnsembleConfig config, List<TraceSink> sinks) {
        Ensemble ensemble = new Ensemble(choices, config);
        sinks.forEach(ensemble.simulation.trace()::addSink);
        ensemble.servers.values().forEach(SimProcess::start);
        if (config.selfChecks()) {
            ensemble.scheduleChecks();
        }
        return ensemble;
    }

    /**
     * Runs the server-side self-checks once per simulated second. The timer keeps the
     * simulation from going quiet, which is fine: ensembles run to a time bound, or until
     * {@link #isIdle()}, for which the check is a heartbeat (it changes nothing).
     */
    private void scheduleChecks() {
        simulation.heartbeat(CHECK_INTERVAL, () -> {
            checks.verifyNow();
            scheduleChecks();
        });
    }

    /**
     * Adds server {@code id} (myid {@code serverId}): standalone for a one-server ensemble,
     * otherwise a quorum member of s1..sN whose Zab peer reports to {@link #zabInvariants()}.
     */
    private void addServer(String id, long serverId) {
        ServerConfig serverConfig = ServerConfig.defaults(serverId, config.tickTimeMs())
                .withSnapCount(config.snapCount())
                .withFsyncLatency(config.fsyncLatency())
                .withDrawnOrders(config.fidelity().drawnOrders())
                .withCounterStarts(config.counterStarts())
                .withContainers(config.containers());
        ZabMonitor monitor = sessionLosses;
        Function<SimProcess, Node> factory = ZkServer.factory(network, serverConfig, monitor);
        if (config.servers() > 1) {
            ZabConfig defaults = ZabConfig.defaults(serverId, ZabConfig.namedMembers(config.servers()));
            ZabConfig zab = new ZabConfig(serverId, defaults.members(), config.tickTimeMs(), config.initLimit(),
                    config.syncLimit(), config.snapCount(), defaults.committedLogWindow(), defaults.finalizeWait(),
                    defaults.maxNotificationInterval(),
                    config.fsyncLatency() == null ? new Distribution.Constant(0) : config.fsyncLatency(), config.bugs());
            factory = ZkServer.quorumFactory(network, serverConfig, zab, monitor, genesis);
        }
        SimProcess process = new SimProcess(simulation, id, factory, config.crashPolicy());
        network.register(process);
        servers.put(id, process);
    }

    /** Adds a client process c(N+1) running the program, and starts it. */
    public EnsembleClient addClient(ClientProgram program) {
        String id = "c" + (clients.size() + 1);
        EnsembleClient client = new EnsembleClient(id, this, program);
        network.register(client.process());
        clients.put(id, client);
        client.process().start();
        return client;
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

    AckedWrites ackedWrites() {
        return acked;
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

    /** The client with this id, if there is one. */
    public Optional<EnsembleClient> findClient(String id) {
        return Optional.ofNullable(clients.get(id));
    }

    public List<EnsembleClient> clients() {
        return new ArrayList<>(clients.values());
    }

    /** The clients without a copy, for looks that run ten times a simulated second. */
    Iterable<EnsembleClient> clientsInOrder() {
        return clients.values();
    }

    /**
     * Whether the ensemble went idle for good: only heartbeats are pending (pings, touches,
     * the self-check) and everyone is in a state to answer them, so that nothing will change
     * from here until the run is stopped: no election, no request, no session expiry, no
     * client work. A run may end here without changing its verdict (see {@link Quiescence}).
     * It scans the pending events and the servers' and clients' state: ask now and then.
     */
    public boolean isIdle() {
        return Quiescence.reached(this);
    }

    /**
     * The id of the server that currently leads: standalone, the one server if it runs; a
     * quorum, the running server that is LEADING and serving (if an isolated old leader has
     * not stepped down yet, the one with the newest epoch).
     */
    public Optional<String> leader() {
        String best = null;
        long bestEpoch = -1;
        for (String id : servers.keySet()) {
            Optional<ZkServer> server = server(id);
            if (server.isEmpty() || serverProcess(id).state() != SimProcess.State.RUNNING) {
                continue;
            }
            ServerRole role = server.get().role();
            boolean leads = role == ServerRole.STANDALONE
                    || (role == ServerRole.LEADING && server.get().isServing());
            if (leads && server.get().currentEpoch() > bestEpoch) {
                best = id;
                bestEpoch = server.get().currentEpoch();
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * Calls the listener with the session id each time a session's closeSession commits (at
     * most once per session), at the simulated instant it commits. This is when ZooKeeper
     * considers the session lost, whoever asked for it: the session tracker, the nemesis,
     * or the client's own close.
     */
    public void onSessionClosed(LongConsumer listener) {
        sessionLosses.addListener(listener);
    }

    /**
     * Calls the listener each time a client's handle delivers a session event to the client's
     * code, before any watcher runs: from then on the client has been told.
     */
    public void onSessionEvent(SessionEventListener listener) {
        sessionEventListeners.add(listener);
    }

    /** Passes a delivered session event on to every listener, in the order they subscribed. */
    void sessionEventDelivered(String client, long sessionId, KeeperState state) {
        for (SessionEventListener listener : sessionEventListeners) {
            listener.delivered(client, sessionId, state);
        }
    }

    /**
     * The Zab safety monitor every quorum peer of this ensemble reports to (deliveries,
     * snapshot installs, established leaders); it outlives crashes. Unused standalone.
     */
    public ZabInvariants zabInvariants() {
        return zabInvariants;
    }

    public RunResult run(RunBounds bounds) {
        return simulation.run(bounds);
    }

    /** Runs for the given simulated duration (microseconds) from now. */
    public RunResult runFor(long duration) {
        return simulation.runUntil(simulation.now() + duration);
    }
}

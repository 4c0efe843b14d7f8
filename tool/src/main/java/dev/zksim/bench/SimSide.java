package dev.zksim.bench;

import dev.zksim.api.EventType;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.ensemble.ClientProgram;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleClient;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.RunResult;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.server.ZkServer;
import java.util.ArrayList;
import java.util.List;

/**
 * zksim's side of {@code bench vs-real}: one simulated ensemble with ZooKeeper's default
 * timing and a LAN's delays, elected before the clock starts (as the real cluster is up
 * before its clock starts), then its clients {@link #connect} (the real side connects its
 * clients before its clock starts too), then every client runs its {@link BenchWorkload}
 * and the run stops when the last one is done. Nothing here reads a clock: the caller times
 * {@link #run}.
 */
final class SimSide {
    /** No benchmark configuration needs more simulated time than this; beyond it the run is broken. */
    private static final long VIRTUAL_LIMIT = Time.seconds(3600);

    private SimSide() {
    }

    /** An ensemble that has elected its leader, ready for {@link #run}. */
    static Ensemble elected(VsRealConfig config, long seed, boolean checksAndTrace) {
        return elected(config.servers(), seed, checksAndTrace);
    }

    /** An ensemble of that many servers with ZooKeeper's defaults, every server serving. */
    static Ensemble elected(int servers, long seed, boolean checksAndTrace) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(seed),
                EnsembleConfig.defaults(servers).withSelfChecks(checksAndTrace));
        ensemble.simulation().trace().setEnabled(checksAndTrace);
        while (!allServing(ensemble)) {
            if (ensemble.simulation().now() > Time.seconds(60)) {
                throw new IllegalStateException("not every server serving after 60 simulated seconds with seed " + seed);
            }
            ensemble.runFor(Time.millis(10));
        }
        return ensemble;
    }

    /** Whether every server has joined the leader and serves clients, so no client meets a syncing one. */
    private static boolean allServing(Ensemble ensemble) {
        if (ensemble.leader().isEmpty()) {
            return false;
        }
        for (String id : ensemble.serverIds()) {
            if (ensemble.server(id).filter(ZkServer::isServing).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Adds {@code clients} clients and runs until every one has its session, so that the
     * timed part covers the workload alone, as the real side connects its clients before its
     * clock starts.
     */
    static List<EnsembleClient> connect(Ensemble ensemble, int clients) {
        int[] connecting = {clients};
        List<EnsembleClient> connected = new ArrayList<>(clients);
        for (int i = 0; i < clients; i++) {
            connected.add(ensemble.addClient(new ClientProgram() {
                @Override
                public void started(ClientContext context, ZooKeeperClient zk) {
                }

                @Override
                public void process(WatchedEvent event) {
                    if (event.type() == EventType.None && event.state() == KeeperState.SyncConnected
                            && --connecting[0] == 0) {
                        ensemble.simulation().stop("all clients connected");
                    }
                }
            }));
        }
        long start = ensemble.simulation().now();
        RunResult result = ensemble.run(RunBounds.time(start + VIRTUAL_LIMIT));
        if (connecting[0] != 0) {
            throw new IllegalStateException(connecting[0] + " of " + clients + " simulated clients did not connect: " + result);
        }
        return connected;
    }

    /** Runs the workload on connected clients to its end and returns the simulated time it took, in microseconds. */
    static long run(Ensemble ensemble, List<EnsembleClient> clients, VsRealConfig config) {
        return run(ensemble, clients, config.toString(),
                (zk, client, listener) -> new BenchWorkload(config.kind(), zk, client, config.rounds(), listener).start());
    }

    /** Starts one client's work on its handle; the work reports to the listener when done. */
    interface ClientStarter {
        void start(ZooKeeperClient zk, int client, BenchWorkload.Listener listener);
    }

    /**
     * Starts each connected client's work (each on its own process, at the current simulated
     * instant), runs until the last is done and returns the simulated time that took, in
     * microseconds.
     */
    static long run(Ensemble ensemble, List<EnsembleClient> clients, String what, ClientStarter starter) {
        long start = ensemble.simulation().now();
        int[] remaining = {clients.size()};
        Throwable[] failure = new Throwable[1];
        BenchWorkload.Listener listener = new BenchWorkload.Listener() {
            @Override
            public void done() {
                if (--remaining[0] == 0) {
                    ensemble.simulation().stop("all clients done");
                }
            }

            @Override
            public void failed(Throwable error) {
                failure[0] = error;
                ensemble.simulation().stop("a client failed");
            }
        };
        for (int i = 0; i < clients.size(); i++) {
            int client = i;
            EnsembleClient handle = clients.get(i);
            handle.process().schedule(0, () -> starter.start(handle.zk(), client, listener));
        }
        RunResult result = ensemble.run(RunBounds.time(start + VIRTUAL_LIMIT));
        if (failure[0] != null) {
            throw new IllegalStateException("simulated " + what + " failed: " + failure[0], failure[0]);
        }
        if (remaining[0] != 0) {
            throw new IllegalStateException("simulated " + what + " did not finish: " + result);
        }
        return ensemble.simulation().now() - start;
    }
}

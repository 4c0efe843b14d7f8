package dev.zksim.bench;

import dev.zksim.api.KeeperException;
import dev.zksim.real.Blocking;
import dev.zksim.real.RealEnsemble;
import dev.zksim.real.RealZooKeeperClient;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The real ZooKeeper's side of {@code bench vs-real}: an in-process ensemble from
 * curator-test, and one run of the workload on it. Clients connect before the run and
 * close after it, so {@link #run} covers the workload alone, as the simulated side does.
 */
final class RealRun {
    private static final Duration CONNECT_WAIT = Duration.ofSeconds(60);
    private static final Duration RUN_WAIT = Duration.ofMinutes(3);

    private RealRun() {
    }

    /**
     * A started real ensemble of the configuration's size. A server's request to end the JVM
     * (on a machine too loaded for a 200 ms tick, say) does not end the benchmark: RealEnsemble
     * records it, and {@link #exitRequested} reports it.
     */
    static RealEnsemble start(VsRealConfig config) throws Exception {
        return config.servers() == 1 ? RealEnsemble.standalone() : RealEnsemble.cluster(config.servers());
    }

    /** Connected handles, one per client; the caller closes them. */
    static List<RealZooKeeperClient> connect(RealEnsemble ensemble, VsRealConfig config)
            throws KeeperException, IOException {
        List<RealZooKeeperClient> clients = new ArrayList<>(config.clients());
        int sessionTimeout = ensemble.tickTimeMs() * 20;
        try {
            for (int i = 0; i < config.clients(); i++) {
                clients.add(Blocking.connect(ensemble.connectString(), sessionTimeout, null, CONNECT_WAIT));
            }
        } catch (KeeperException | IOException | RuntimeException e) {
            close(clients);
            throw e;
        }
        return clients;
    }

    /** Starts every client's workload and returns when the last one is done. */
    static void run(List<RealZooKeeperClient> clients, VsRealConfig config) throws KeeperException {
        CompletableFuture<Void> all = new CompletableFuture<>();
        AtomicInteger remaining = new AtomicInteger(clients.size());
        BenchWorkload.Listener listener = new BenchWorkload.Listener() {
            @Override
            public void done() {
                if (remaining.decrementAndGet() == 0) {
                    all.complete(null);
                }
            }

            @Override
            public void failed(Throwable error) {
                all.completeExceptionally(error);
            }
        };
        for (int i = 0; i < clients.size(); i++) {
            new BenchWorkload(config.kind(), clients.get(i), i, config.rounds(), listener).start();
        }
        Blocking.await(all, RUN_WAIT);
    }

    /** A sentence about a server's request to end the JVM, or empty if none asked. */
    static String exitRequested() {
        int code = RealEnsemble.exitRequested();
        return code == 0 ? "" : " (a real server asked to end the JVM with code " + code
                + ", ZooKeeper's answer to an unrecoverable error; a machine too loaded for the 200 ms tick causes that)";
    }

    static void close(List<RealZooKeeperClient> clients) {
        for (RealZooKeeperClient client : clients) {
            client.close();
        }
    }
}

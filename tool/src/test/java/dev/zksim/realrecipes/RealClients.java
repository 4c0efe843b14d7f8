package dev.zksim.realrecipes;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.real.Blocking;
import dev.zksim.real.RealEnsemble;
import dev.zksim.real.RealZooKeeperClient;
import dev.zksim.recipes.support.ConnectionStates;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * The handles one real-recipe test opens on the shared ensemble, each with its own session
 * and its own {@link ConnectionStates} fed by the handle's default watcher, plus the helpers
 * the tests share: run a body on several threads at once, wait for a znode or a condition.
 * Every wait is bounded by {@link #WAIT}.
 */
final class RealClients implements AutoCloseable {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final int SESSION_TIMEOUT_MS = 4_000;

    /** One client: a real handle and the connection states its recipes subscribe to. */
    record Client(int index, RealZooKeeperClient zk, ConnectionStates states) {
        /** The client's unique id for recipes' guids (the session id is unique per session). */
        String id() {
            return "c" + index + "-" + Long.toHexString(zk.sessionId());
        }
    }

    /** A body run on one of several threads; may throw anything, which fails the test. */
    @FunctionalInterface
    interface Body {
        void run(int index) throws Exception;
    }

    private final RealEnsemble ensemble;
    private final List<Client> clients = new ArrayList<>();

    RealClients(RealEnsemble ensemble) {
        this.ensemble = ensemble;
    }

    /** Opens n more clients (connected to any server of the ensemble) and returns them. */
    List<Client> open(int n) throws Exception {
        List<Client> opened = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ConnectionStates states = new ConnectionStates();
            // The handle's default watcher is forwarded to the recipes' connection states.
            RealZooKeeperClient zk = Blocking.connect(ensemble.connectString(), SESSION_TIMEOUT_MS, states::process, WAIT);
            Client client = new Client(clients.size(), zk, states);
            clients.add(client);
            opened.add(client);
        }
        return opened;
    }

    /** Closes one client's handle now, ending its session (its ephemerals go at once). */
    static void close(Client client) throws KeeperException {
        Blocking.await(client.zk().close(), WAIT);
    }

    @Override
    public void close() throws KeeperException {
        for (Client client : clients) {
            Blocking.await(client.zk().close(), WAIT);
        }
    }

    /** Creates a persistent node (and nothing else), if missing. */
    static String mkdir(ZooKeeperClient zk, String path) throws KeeperException {
        try {
            Blocking.await(zk.create(path, null, CreateMode.PERSISTENT), WAIT);
        } catch (KeeperException e) {
            if (e.code() != KeeperException.Code.NODEEXISTS) {
                throw e;
            }
        }
        return path;
    }

    /**
     * Waits until the node exists as this client sees it: a server may lag behind the
     * leader, so this watches for its creation rather than reading once.
     */
    static void awaitExists(ZooKeeperClient zk, String path) throws KeeperException {
        CompletableFuture<Void> created = new CompletableFuture<>();
        Blocking.await(zk.exists(path, event -> {
            if (event.type() == EventType.NodeCreated) {
                created.complete(null);
            }
        }).thenAccept(stat -> {
            if (stat != null) {
                created.complete(null);
            }
        }), WAIT);
        Blocking.await(created, WAIT);
    }

    /** Polls a condition every few milliseconds until it holds; false if it never did within WAIT. */
    static boolean eventually(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    /**
     * Runs the body on n threads at once and waits for all of them (bounded by twice
     * WAIT); the first failure is rethrown with the others suppressed.
     */
    static void concurrently(int n, Body body) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(n);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                runs.add(threads.submit(() -> {
                    body.run(index);
                    return null;
                }));
            }
            Exception failure = null;
            for (Future<?> run : runs) {
                try {
                    run.get(2 * WAIT.toMillis(), TimeUnit.MILLISECONDS);
                } catch (ExecutionException | TimeoutException e) {
                    Exception cause = e instanceof ExecutionException && e.getCause() instanceof Exception c ? c : e;
                    if (failure == null) {
                        failure = cause;
                    } else {
                        failure.addSuppressed(cause);
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
        } finally {
            threads.shutdownNow();
        }
    }

    /** Sleeps; the tests use it only to give a wrong recipe the time to misbehave. */
    static void pause(long millis) throws InterruptedException {
        Thread.sleep(millis);
    }
}

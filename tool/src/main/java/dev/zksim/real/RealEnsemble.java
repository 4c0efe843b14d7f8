package dev.zksim.real;

import dev.zksim.api.KeeperException;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.util.ServiceUtils;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

/**
 * Real ZooKeeper servers in this JVM, from Curator's curator-test: one
 * {@link TestingServer} for {@link #standalone()}, a {@link TestingCluster} for
 * {@link #cluster(int)}. All files live in one temporary directory per ensemble, deleted
 * on {@link #close()}: each server's data directory sits inside it, and so does the
 * configuration file that ZooKeeper 3.9's embedded server writes next to the data
 * directory and never deletes. The tick is short (250 ms standalone, 200 ms in a quorum, where
 * initLimit and syncLimit count ticks) so that sessions expire quickly: the negotiated
 * session timeout is clamped to [tick, 20 ticks], since curator-test sets
 * minSessionTimeout to one tick and ZooKeeper's maximum stays at 20 ticks. The admin HTTP
 * server is turned off so in-process servers never compete for its fixed port.
 *
 * <p>Servers are named by their server id, 1..n, in the order of {@link #serverIds()}.
 * The servers run their own threads and clocks inside curator-test and ZooKeeper; this
 * class itself only waits through {@link Blocking}, so it needs no exemption from the
 * build's ban on threads and clocks.
 */
public final class RealEnsemble implements AutoCloseable {
    /** One tick of the standalone server; sessions may be as short as this. */
    public static final int STANDALONE_TICK_MS = 250;
    /** One tick in a quorum; initLimit is 10 ticks and syncLimit 5, as curator-test sets them. */
    public static final int CLUSTER_TICK_MS = 200;

    private static final Duration EXPIRE_WAIT = Duration.ofSeconds(10);
    private static final int EXPIRE_ATTEMPTS = 5;

    /** The exit code a real server last asked for, or 0; see the static initialiser. */
    private static final AtomicInteger EXIT_REQUESTED = new AtomicInteger();

    static {
        // ZooKeeper ends the whole JVM on an error it deems unrecoverable (ServiceUtils.
        // requestSystemExit), and in-process servers share the JVM with the tests or the
        // command that started them: a test fork or a benchmark would end without a word, and
        // every result not yet printed with it. The request is recorded instead.
        ServiceUtils.setSystemExitProcedure(EXIT_REQUESTED::set);
    }

    /**
     * Roots of ensembles not closed yet, so that a command interrupted by Ctrl-C can delete
     * them on its way out ({@link #deleteUnclosed()}); an insertion-ordered set under a lock.
     */
    private static final Set<Path> UNCLOSED = Collections.synchronizedSet(new LinkedHashSet<>());

    private final Path root;
    private final TestingServer server;
    private final TestingCluster cluster;
    private final Map<Integer, InstanceSpec> specs;
    private final int tickTimeMs;

    private RealEnsemble(Path root, TestingServer server, TestingCluster cluster, Map<Integer, InstanceSpec> specs,
                         int tickTimeMs) {
        this.root = root;
        UNCLOSED.add(root);
        this.server = server;
        this.cluster = cluster;
        this.specs = specs;
        this.tickTimeMs = tickTimeMs;
    }

    /** Starts one standalone server and returns once it accepts connections. */
    public static RealEnsemble standalone() throws Exception {
        Path root = Files.createTempDirectory("zksim-real-");
        Map<Integer, InstanceSpec> specs = new LinkedHashMap<>();
        specs.put(1, spec(root, 1, STANDALONE_TICK_MS));
        try {
            TestingServer server = new TestingServer(specs.get(1), true);
            return new RealEnsemble(root, server, null, specs, STANDALONE_TICK_MS);
        } catch (Exception e) {
            deleteTree(root, e);
            throw e;
        }
    }

    /**
     * Starts one standalone server on a data directory the caller fills first, e.g. with a
     * snapshot written by ZooKeeper's own classes: the way to start a real server in a state
     * that would take too long to reach through its API (counters near 2^31 - 1).
     */
    public static RealEnsemble standalone(DataDirPreparer prepare) throws Exception {
        Path root = Files.createTempDirectory("zksim-real-");
        Map<Integer, InstanceSpec> specs = new LinkedHashMap<>();
        specs.put(1, spec(root, 1, STANDALONE_TICK_MS));
        try {
            prepare.prepare(specs.get(1).getDataDirectory());
            TestingServer server = new TestingServer(specs.get(1), true);
            return new RealEnsemble(root, server, null, specs, STANDALONE_TICK_MS);
        } catch (Exception e) {
            deleteTree(root, e);
            throw e;
        }
    }

    /** Fills a server's data directory before the server starts. */
    @FunctionalInterface
    public interface DataDirPreparer {
        void prepare(File dataDir) throws Exception;
    }

    /**
     * Starts a quorum of {@code size} servers with ids 1..size. The call returns when every
     * server has been started; clients may still see ConnectionLoss until a leader is
     * elected, so connect with {@link Blocking#connect} before issuing work.
     */
    public static RealEnsemble cluster(int size) throws Exception {
        Path root = Files.createTempDirectory("zksim-real-");
        Map<Integer, InstanceSpec> specs = new LinkedHashMap<>();
        for (int id = 1; id <= size; id++) {
            specs.put(id, spec(root, id, CLUSTER_TICK_MS));
        }
        TestingCluster cluster = new TestingCluster(List.copyOf(specs.values()));
        try {
            cluster.start();
        } catch (Exception e) {
            closeQuietly(cluster, e);
            deleteTree(root, e);
            throw e;
        }
        return new RealEnsemble(root, null, cluster, specs, CLUSTER_TICK_MS);
    }

    private static InstanceSpec spec(Path root, int serverId, int tickTimeMs) throws IOException {
        Map<String, Object> properties = new LinkedHashMap<>();
        // Unknown config keys become "zookeeper."-prefixed system properties: this one
        // stops every server from binding the admin server's fixed port 8080.
        properties.put("admin.enableServer", "false");
        // Every in-process client connects from 127.0.0.1, and ZooKeeper refuses more than
        // 60 connections from one address by default: hundreds of clients need no limit.
        properties.put("maxClientCnxns", "0");
        File dataDir = Files.createDirectory(root.resolve("server-" + serverId)).toFile();
        return new InstanceSpec(dataDir, LoopbackPorts.free(), LoopbackPorts.free(), LoopbackPorts.free(), true,
                serverId, tickTimeMs, -1, properties, "127.0.0.1");
    }

    /**
     * The exit code a real server of this JVM asked for (ZooKeeper's answer to an error it
     * cannot recover from, such as a port it cannot bind), or 0 if none did. The JVM goes on;
     * the server that asked is out of service.
     */
    public static int exitRequested() {
        return EXIT_REQUESTED.get();
    }

    /** host:port of every server, comma-separated, for the client's connect string. */
    public String connectString() {
        return server != null ? server.getConnectString() : cluster.getConnectString();
    }

    /** host:port of one server only, to pin a client to it. */
    public String connectString(int serverId) {
        return spec(serverId).getConnectString();
    }

    /** The server ids, ascending. */
    public List<Integer> serverIds() {
        List<Integer> ids = new ArrayList<>(specs.keySet());
        ids.sort(Comparator.naturalOrder());
        return ids;
    }

    public int tickTimeMs() {
        return tickTimeMs;
    }

    /** Stops one server abruptly (its data directory is kept for a restart). */
    public void stopServer(int serverId) throws Exception {
        if (server != null) {
            spec(serverId);
            server.stop();
        } else if (!cluster.killServer(spec(serverId))) {
            throw new IllegalStateException("No running server with id " + serverId);
        }
    }

    /** Restarts a stopped server on its old port and data directory. */
    public void restartServer(int serverId) throws Exception {
        if (server != null) {
            spec(serverId);
            server.restart();
        } else if (!cluster.restartServer(spec(serverId))) {
            throw new IllegalStateException("No server with id " + serverId);
        }
    }

    /**
     * Ends a client's session on the servers, the way ZooKeeper's own tests do: a second
     * handle connects with the same session id and password, which moves the session to
     * itself (the server drops the first connection), then closes it. The closeSession
     * transaction deletes the session's ephemerals and fires their watches at once. When
     * the first client reconnects it is told the session is gone and fires Expired.
     *
     * <p>curator-test's KillSession is not used: in Curator 5 it only injects Expired into
     * the client, so the server keeps the session and its ephemerals until the timeout.
     */
    public void expireSession(RealZooKeeperClient client) throws IOException, KeeperException {
        expireSession(client.sessionId(), client.sessionPassword());
    }

    /**
     * Ends the session with this id and password; see {@link #expireSession(RealZooKeeperClient)}.
     * The original client may win the session back before the second handle's close
     * arrives (it reconnects after a random pause of up to a second), so the take-over is
     * repeated until a handle is refused with Expired: only the server's word proves the
     * session is gone.
     */
    public void expireSession(long sessionId, byte[] password) throws IOException, KeeperException {
        for (int attempt = 0; attempt < EXPIRE_ATTEMPTS; attempt++) {
            if (!takeOverAndClose(sessionId, password)) {
                return;
            }
        }
        throw new IllegalStateException("Session 0x" + Long.toHexString(sessionId) + " survived "
            + EXPIRE_ATTEMPTS + " attempts to close it");
    }

    /** Connects with the session's credentials; true if it connected (and was closed), false if refused. */
    private boolean takeOverAndClose(long sessionId, byte[] password) throws IOException, KeeperException {
        CompletableFuture<Boolean> outcome = new CompletableFuture<>();
        org.apache.zookeeper.Watcher watcher = event -> {
            if (event.getState() == KeeperState.SyncConnected) {
                outcome.complete(true);
            } else if (event.getState() == KeeperState.Expired) {
                outcome.complete(false);
            }
        };
        ZooKeeper thief = new ZooKeeper(connectString(), tickTimeMs * 20, watcher, sessionId, password);
        try {
            return Blocking.await(outcome, EXPIRE_WAIT);
        } finally {
            Blocking.closeHandle(thief);
        }
    }

    /** Stops every server and deletes the ensemble's directory. */
    @Override
    public void close() throws IOException {
        Closeable servers = server != null ? server : cluster;
        try {
            servers.close();
        } finally {
            deleteTree(root);
            UNCLOSED.remove(root);
        }
    }

    /**
     * Deletes the directories of every ensemble of this JVM not closed yet (their servers may
     * still be writing: what cannot be deleted is left). For a shutdown hook on Ctrl-C.
     */
    public static void deleteUnclosed() {
        List<Path> roots;
        synchronized (UNCLOSED) {
            roots = new ArrayList<>(UNCLOSED);
        }
        for (Path root : roots) {
            try {
                deleteTree(root);
                UNCLOSED.remove(root);
            } catch (IOException | RuntimeException e) {
                // Best effort on the way out: a server thread may still hold a file.
            }
        }
    }

    private InstanceSpec spec(int serverId) {
        InstanceSpec spec = specs.get(serverId);
        if (spec == null) {
            throw new IllegalArgumentException("No server with id " + serverId + "; ids are " + serverIds());
        }
        return spec;
    }

    private static void closeQuietly(Closeable closeable, Exception failure) {
        try {
            closeable.close();
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    private static void deleteTree(Path root, Exception failure) {
        try {
            deleteTree(root);
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    /** Deletes a directory and everything below it, deepest entries first. */
    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}

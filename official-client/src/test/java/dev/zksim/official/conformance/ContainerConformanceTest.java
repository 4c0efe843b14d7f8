package dev.zksim.official.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.official.LockPrograms;
import dev.zksim.official.OfficialEnsemble;
import dev.zksim.official.threads.SimulatedThreads;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.AddWatchMode;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;

/**
 * Container and TTL reaping against a real ZooKeeper 3.9 whose container manager checks
 * every {@value #INTERVAL_MS} ms (znode.container.checkIntervalMs, read when the server
 * starts) with extended types on (zookeeper.extendedTypesEnabled, as the simulated server's
 * default), and the simulated ensemble set the same way: the same program through the
 * official API must observe the same outcomes and watch events on both.
 */
class ContainerConformanceTest {
    private static final int INTERVAL_MS = 400;
    private static final long TTL_MS = 1_000;

    /** Waits on the side's clock: the real one, or virtual time in the simulation. */
    private interface Pause {
        void pause(long millis) throws InterruptedException;
    }

    @Test
    void emptiedContainersGoAndTheOthersStayOnBothSides() throws Exception {
        List<String> real = real();
        List<String> simulated = simulated();
        System.out.println("container conformance, real side: " + real);
        assertThat(simulated).isEqualTo(real);
        assertThat(real).contains("exists /k/c -> null", "create /k/c/y -> NONODE", "exists /k/t -> null",
                "exists /k/tk -> true");
    }

    private static List<String> simulated() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(1),
                EnsembleConfig.defaults(1).withContainerCheckInterval(INTERVAL_MS));
        OfficialEnsemble official = new OfficialEnsemble(ensemble);
        List<String> log = new ArrayList<>();
        official.addClient(session -> {
            ZooKeeper zk = session.zk();
            LockPrograms.awaitConnected(zk);
            log.addAll(program(zk, millis -> SimulatedThreads.sleep(Time.millis(millis))));
            zk.close();
        });
        ensemble.run(RunBounds.time(Time.seconds(60)));
        official.threads().check();
        official.shutdown();
        return log;
    }

    private static List<String> real() throws Exception {
        System.setProperty("znode.container.checkIntervalMs", String.valueOf(INTERVAL_MS));
        String extended = System.setProperty("zookeeper.extendedTypesEnabled", "true");
        try (TestingServer server = new TestingServer(true)) {
            System.clearProperty("znode.container.checkIntervalMs");
            CountDownLatch connected = new CountDownLatch(1);
            ZooKeeper zk = new ZooKeeper(server.getConnectString(), 30_000, event -> {
                if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
                    connected.countDown();
                }
            });
            assertThat(connected.await(30, TimeUnit.SECONDS)).isTrue();
            // The server is this test's alone and goes with it, so nothing is cleaned up (a
            // recursive delete would race with the container manager anyway).
            try {
                return program(zk, Thread::sleep);
            } finally {
                zk.close();
            }
        } finally {
            System.clearProperty("znode.container.checkIntervalMs");
            if (extended == null) {
                System.clearProperty("zookeeper.extendedTypesEnabled");
            } else {
                System.setProperty("zookeeper.extendedTypesEnabled", extended);
            }
        }
    }

    /** Containers emptied, never used and still full; waits three checks; reads what is left. */
    private static List<String> program(ZooKeeper zk, Pause pause) throws InterruptedException {
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        Watcher watcher = event -> events.add(event.getType() + " " + event.getPath());
        List<String> log = new ArrayList<>();
        for (String path : List.of("/k", "/k/c", "/k/never", "/k/full", "/k/full/x", "/k/c/x")) {
            CreateMode mode = path.equals("/k") || path.endsWith("/x") ? CreateMode.PERSISTENT : CreateMode.CONTAINER;
            log.add("create " + path + " -> " + attempt(() -> zk.create(path, null, ZooDefs.Ids.OPEN_ACL_UNSAFE, mode)));
        }
        for (String path : List.of("/k/t", "/k/tk", "/k/ts-")) {
            CreateMode mode = path.endsWith("-") ? CreateMode.PERSISTENT_SEQUENTIAL_WITH_TTL : CreateMode.PERSISTENT_WITH_TTL;
            log.add("create " + path + " -> " + attempt(() -> zk.create(path, null, ZooDefs.Ids.OPEN_ACL_UNSAFE, mode,
                    new Stat(), TTL_MS)));
        }
        log.add("create /k/tk/x -> " + attempt(() -> zk.create("/k/tk/x", null, ZooDefs.Ids.OPEN_ACL_UNSAFE,
                CreateMode.PERSISTENT)));
        log.add("create ttl 0 -> " + refused(() -> zk.create("/k/bad", null, ZooDefs.Ids.OPEN_ACL_UNSAFE,
                CreateMode.PERSISTENT_WITH_TTL, new Stat(), 0)));
        log.add("create ttl without mode -> " + refused(() -> zk.create("/k/bad", null, ZooDefs.Ids.OPEN_ACL_UNSAFE,
                CreateMode.PERSISTENT, new Stat(), 5)));
        log.add("create TTL mode without ttl -> " + refused(() -> zk.create("/k/bad", null, ZooDefs.Ids.OPEN_ACL_UNSAFE,
                CreateMode.PERSISTENT_WITH_TTL)));
        log.add("stat /k/t -> " + attempt(() -> {
            Stat stat = zk.exists("/k/t", watcher);
            return "owner=" + stat.getEphemeralOwner() + " v=" + stat.getVersion();
        }));
        log.add("exists /k/c -> " + attempt(() -> zk.exists("/k/c", watcher) != null));
        log.add("children /k -> " + attempt(() -> sorted(zk.getChildren("/k", watcher))));
        log.add("addWatch /k -> " + attempt(() -> {
            zk.addWatch("/k", watcher, AddWatchMode.PERSISTENT_RECURSIVE);
            return "ok";
        }));
        log.add("delete /k/c/x -> " + attempt(() -> {
            zk.delete("/k/c/x", -1);
            return "ok";
        }));
        pause.pause(6L * INTERVAL_MS);
        log.add("exists /k/c -> " + attempt(() -> zk.exists("/k/c", false)));
        log.add("exists /k/t -> " + attempt(() -> zk.exists("/k/t", false)));
        log.add("exists /k/tk -> " + attempt(() -> zk.exists("/k/tk", false) != null));
        log.add("children /k -> " + attempt(() -> sorted(zk.getChildren("/k", false))));
        log.add("create /k/c/y -> " + attempt(() -> zk.create("/k/c/y", null, ZooDefs.Ids.OPEN_ACL_UNSAFE,
                CreateMode.PERSISTENT)));
        log.add("stat /k -> " + attempt(() -> {
            Stat stat = zk.exists("/k", false);
            return "cv=" + stat.getCversion() + " kids=" + stat.getNumChildren();
        }));
        CountDownLatch drained = new CountDownLatch(1);
        zk.sync("/", (rc, path, ctx) -> drained.countDown(), null);
        drained.await();
        // Nodes that one check deletes together go in an order ZooKeeper leaves open (a hash
        // set there, a draw here), and on the real side two TTL nodes created a few ms apart
        // may fall into different checks: the events compare as a set.
        log.add("events, sorted " + sorted(List.copyOf(events)));
        return log;
    }

    private interface Call {
        Object run() throws KeeperException, InterruptedException;
    }

    private static String attempt(Call call) throws InterruptedException {
        try {
            return String.valueOf(call.run());
        } catch (KeeperException e) {
            return e.code().name();
        }
    }

    /** What the client throws before sending: ZooKeeper checks the ttl locally. */
    private static String refused(Call call) throws InterruptedException {
        try {
            return "sent: " + call.run();
        } catch (IllegalArgumentException e) {
            return "IllegalArgumentException";
        } catch (KeeperException e) {
            return e.code().name();
        }
    }

    private static List<String> sorted(List<String> names) {
        List<String> copy = new ArrayList<>(names);
        Collections.sort(copy);
        return copy;
    }
}

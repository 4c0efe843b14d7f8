package dev.zksim.official.conformance;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.official.OfficialEnsemble;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZKUtil;
import org.apache.zookeeper.ZooKeeper;

/** The two sides of a differential run: the drop-in on zksim, the real client on a real server. */
final class Sides {
    private Sides() {
    }

    /** Runs the program through the drop-in on a one-server simulated ensemble. */
    static List<String> simulated(OfficialProgram program) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(program.seed()), EnsembleConfig.defaults(1));
        OfficialEnsemble official = new OfficialEnsemble(ensemble);
        List<String> log = new ArrayList<>();
        official.addClient(session -> {
            ZooKeeper a = session.zk();
            CountDownLatch aConnected = new CountDownLatch(1);
            a.register(connectedWatcher(aConnected));
            if (a.getState() != ZooKeeper.States.CONNECTED) {
                aConnected.await();
            }
            CountDownLatch bConnected = new CountDownLatch(1);
            ZooKeeper b = session.newHandle(connectedWatcher(bConnected));
            bConnected.await();
            log.addAll(new OfficialExecutor(a, b).run(program));
            a.close();
        });
        ensemble.run(RunBounds.time(600_000_000L));
        official.threads().check();
        official.shutdown();
        if (log.isEmpty()) {
            throw new AssertionError("the simulated side of program " + program.seed() + " did not finish");
        }
        return log;
    }

    /** Runs the program through the real client on a real server, then removes what it made. */
    static List<String> real(OfficialProgram program, String connectString)
            throws IOException, InterruptedException, KeeperException {
        ZooKeeper a = connect(connectString);
        ZooKeeper b = connect(connectString);
        List<String> log;
        try {
            log = new OfficialExecutor(a, b).run(program);
        } finally {
            b.close();
            a.close();
        }
        ZooKeeper cleaner = connect(connectString);
        try {
            for (String root : List.of("/a", "/b")) {
                if (cleaner.exists(root, false) != null) {
                    ZKUtil.deleteRecursive(cleaner, root);
                }
            }
        } finally {
            cleaner.close();
        }
        return log;
    }

    private static ZooKeeper connect(String connectString) throws IOException, InterruptedException {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(connectString, 30_000, connectedWatcher(connected));
        if (!connected.await(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("no connection to the real server at " + connectString);
        }
        return zk;
    }

    private static Watcher connectedWatcher(CountDownLatch latch) {
        return event -> {
            if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
                latch.countDown();
            }
        };
    }
}

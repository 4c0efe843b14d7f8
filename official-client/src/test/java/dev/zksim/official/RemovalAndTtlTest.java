package dev.zksim.official;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;

/** The drop-in's removeWatches, removeAllWatches and TTL creates, in both forms. */
class RemovalAndTtlTest {

    private interface Body {
        void run(ZooKeeper zk, ZooKeeper withDefault, Watcher itsDefault, List<String> log) throws Exception;
    }

    /** Runs the body on a connected handle, plus one whose default watcher logs to the same list. */
    private static List<String> run(Body body) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(1), EnsembleConfig.defaults(1));
        OfficialEnsemble official = new OfficialEnsemble(ensemble);
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        official.addClient(session -> {
            ZooKeeper zk = session.zk();
            LockPrograms.awaitConnected(zk);
            CountDownLatch connected = new CountDownLatch(1);
            Watcher itsDefault = event -> {
                if (event.getType() == Watcher.Event.EventType.None) {
                    connected.countDown();
                } else {
                    log.add("default " + event.getType() + " " + event.getPath());
                }
            };
            ZooKeeper withDefault = session.newHandle(itsDefault);
            connected.await();
            body.run(zk, withDefault, itsDefault, log);
        });
        ensemble.run(RunBounds.time(60_000_000L));
        official.threads().check();
        official.shutdown();
        return List.copyOf(log);
    }

    private static Watcher logging(List<String> log, String name) {
        return event -> log.add(name + " " + event.getType() + " " + event.getPath() + " " + event.getState());
    }

    @Test
    void theSynchronousRemovalTellsTheWatcherAndTheCallbackFormReportsNoWatcher() {
        List<String> log = run((zk, withDefault, itsDefault, out) -> {
            Watcher watcher = logging(out, "w");
            zk.create("/a", null, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            zk.getData("/a", watcher, null);
            zk.removeWatches("/a", watcher, Watcher.WatcherType.Data, false);
            CountDownLatch done = new CountDownLatch(1);
            zk.removeWatches("/a", watcher, Watcher.WatcherType.Data, false, (rc, path, ctx) -> {
                out.add("callback " + KeeperException.Code.get(rc) + " " + path + " " + ctx);
                done.countDown();
            }, "ctx");
            done.await();
            try {
                zk.removeAllWatches("/a", Watcher.WatcherType.Any, false);
            } catch (KeeperException.NoWatcherException e) {
                out.add("thrown " + e.code());
            }
        });
        assertThat(log).containsExactly("w DataWatchRemoved /a SyncConnected", "callback NOWATCHER /a ctx",
            "thrown NOWATCHER");
    }

    @Test
    void removingTheHandlesOwnWatcherRemovesWhatWatchTrueSet() {
        List<String> log = run((zk, withDefault, itsDefault, out) -> {
            withDefault.exists("/missing", true);
            CountDownLatch done = new CountDownLatch(1);
            withDefault.removeAllWatches("/missing", Watcher.WatcherType.Data, false,
                    (rc, path, ctx) -> {
                        out.add("callback " + KeeperException.Code.get(rc));
                        done.countDown();
                    }, null);
            done.await();
            withDefault.exists("/again", true);
            withDefault.removeWatches("/again", itsDefault, Watcher.WatcherType.Any, true);
        });
        assertThat(log).containsExactly("default DataWatchRemoved /missing", "callback OK",
            "default DataWatchRemoved /again");
    }

    @Test
    void ttlNodesAreCreatedInBothFormsAndABadTtlIsRefusedLocally() {
        List<String> log = run((zk, withDefault, itsDefault, out) -> {
            Stat stat = new Stat();
            out.add(zk.create("/t", null, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT_WITH_TTL, stat, 1_000)
                    + " owner=" + stat.getEphemeralOwner());
            CountDownLatch done = new CountDownLatch(1);
            zk.create("/t/s-", null, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT_SEQUENTIAL_WITH_TTL,
                    (rc, path, ctx, name, created) -> {
                        out.add("callback " + KeeperException.Code.get(rc) + " " + name);
                        done.countDown();
                    }, null, 1_000);
            done.await();
            try {
                zk.create("/u", null, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT_WITH_TTL);
            } catch (IllegalArgumentException e) {
                out.add("refused without a ttl");
            }
        });
        assertThat(log).containsExactly("/t owner=0", "callback OK /t/s-0000000000", "refused without a ttl");
    }
}

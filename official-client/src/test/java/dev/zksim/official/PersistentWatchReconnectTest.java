package dev.zksim.official;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.AddWatchMode;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;

/**
 * A recursive watch survives the loss of the server it was set on: the client re-arms it
 * on the next server with setWatches2, and a later change below the path still reaches it.
 */
class PersistentWatchReconnectTest {

    @Test
    void aRecursiveWatchIsReArmedAfterItsServerCrashes() {
        for (long seed = 1; seed <= 5; seed++) {
            Ensemble ensemble = Ensemble.start(new SeededChoices(seed), EnsembleConfig.defaults(3));
            OfficialEnsemble official = new OfficialEnsemble(ensemble);
            List<String> events = new ArrayList<>();
            long[] sessions = new long[2];
            official.addClient(session -> {
                ZooKeeper zk = session.zk();
                LockPrograms.awaitConnected(zk);
                zk.addWatch("/w", event -> events.add(event.getType() == Watcher.Event.EventType.None
                        ? event.getState().toString() : event.getType() + " " + event.getPath()),
                        AddWatchMode.PERSISTENT_RECURSIVE);
                sessions[0] = zk.getSessionId();
            });
            official.addClient(session -> {
                ZooKeeper zk = session.zk();
                LockPrograms.awaitConnected(zk);
                session.sleep(20_000);
                zk.create("/w", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                zk.create("/w/x", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                sessions[1] = zk.getSessionId();
            });
            ensemble.simulation().schedule(5_000_000L, () -> {
                String server = ensemble.client("c1").zk().currentServer();
                ensemble.faults().crash(server);
                ensemble.simulation().schedule(30_000_000L, () -> ensemble.faults().restart(server));
            });
            ensemble.run(RunBounds.time(60_000_000L));
            official.threads().check();
            official.shutdown();
            assertThat(sessions[0]).as("seed %d: the watching session lived on", seed)
                    .isEqualTo(ensemble.client("c1").sessionId());
            // Session events reach every registered watcher (ZooKeeper 3.5+): the crash shows as
            // Disconnected, then SyncConnected on another server, before the node events.
            assertThat(events).as("seed %d", seed)
                    .containsExactly("Disconnected", "SyncConnected", "NodeCreated /w", "NodeCreated /w/x");
        }
    }
}

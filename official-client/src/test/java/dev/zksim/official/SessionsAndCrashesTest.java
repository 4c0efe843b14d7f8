package dev.zksim.official;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;

class SessionsAndCrashesTest {

    @Test
    void afterExpiredTheCodeBuildsANewHandleAsApplicationsDo() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(11), EnsembleConfig.defaults(3));
        OfficialEnsemble official = new OfficialEnsemble(ensemble);
        List<String> seen = new ArrayList<>();
        official.addClient(session -> {
            ZooKeeper first = session.zk();
            CountDownLatch expired = new CountDownLatch(1);
            CountDownLatch connected = new CountDownLatch(1);
            first.register(event -> {
                if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
                    connected.countDown();
                }
                if (event.getState() == Watcher.Event.KeeperState.Expired) {
                    expired.countDown();
                }
            });
            connected.await();
            first.create("/owner", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
            long firstSession = first.getSessionId();
            expired.await();
            seen.add("state after expiry " + first.getState());
            try {
                first.exists("/owner", false);
                seen.add("old handle still answers");
            } catch (KeeperException.SessionExpiredException e) {
                seen.add("old handle: " + e.code());
            }
            CountDownLatch reconnected = new CountDownLatch(1);
            ZooKeeper second = session.newHandle(event -> {
                if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
                    reconnected.countDown();
                }
            });
            reconnected.await();
            second.create("/owner", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
            Stat stat = second.exists("/owner", false);
            seen.add("new session differs " + (second.getSessionId() != firstSession));
            seen.add("owner is new session " + (stat.getEphemeralOwner() == second.getSessionId()));
            second.close();
        });
        ensemble.simulation().schedule(5_000_000L, () -> ensemble.faults().expireSession("c1"));
        ensemble.run(RunBounds.time(120_000_000L));
        official.threads().check();
        assertThat(official.shutdown()).isEmpty();
        assertThat(seen).containsExactly("state after expiry CLOSED", "old handle: SESSIONEXPIRED",
                "new session differs true", "owner is new session true");
    }

    /**
     * Curator's own session-expiration timer calls {@code getTestable().injectSessionExpiration()}:
     * the handle hears Expired and answers SessionExpired from then on, while the servers keep
     * the session, and its ephemeral, until it times out there.
     */
    @Test
    void anInjectedExpirationEndsTheSessionOnTheClientSideOnly() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(7), EnsembleConfig.defaults(3));
        OfficialEnsemble official = new OfficialEnsemble(ensemble);
        List<String> seen = new ArrayList<>();
        official.addClient(session -> {
            ZooKeeper first = session.zk();
            LockPrograms.awaitConnected(first);
            CountDownLatch expired = new CountDownLatch(1);
            first.register(event -> {
                if (event.getState() == Watcher.Event.KeeperState.Expired) {
                    expired.countDown();
                }
            });
            first.create("/owner", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
            first.getTestable().injectSessionExpiration();
            expired.await();
            try {
                first.exists("/owner", false);
                seen.add("old handle still answers");
            } catch (KeeperException.SessionExpiredException e) {
                seen.add("old handle: " + e.code());
            }
            CountDownLatch connected = new CountDownLatch(1);
            ZooKeeper second = session.newHandle(event -> {
                if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
                    connected.countDown();
                }
            });
            connected.await();
            seen.add("the servers still hold the ephemeral " + (second.exists("/owner", false) != null));
            session.sleep(20_000);
            seen.add("until the session times out " + (second.exists("/owner", false) == null));
            second.close();
        });
        ensemble.run(RunBounds.time(120_000_000L));
        official.threads().check();
        assertThat(official.shutdown()).isEmpty();
        assertThat(seen).containsExactly("old handle: SESSIONEXPIRED", "the servers still hold the ephemeral true",
                "until the session times out true");
    }

    @Test
    void aRestartAfterACrashRunsTheBodyAgainWithAFreshSession() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(5), EnsembleConfig.defaults(3));
        OfficialEnsemble official = new OfficialEnsemble(ensemble);
        List<Long> sessions = new ArrayList<>();
        int[] interrupted = {0};
        official.addClient(session -> {
            ZooKeeper zk = session.zk();
            LockPrograms.awaitConnected(zk);
            sessions.add(zk.getSessionId());
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                interrupted[0]++;
                throw e;
            }
        });
        ensemble.simulation().schedule(3_000_000L, () -> ensemble.faults().crash("c1"));
        ensemble.simulation().schedule(4_000_000L, () -> ensemble.faults().restart("c1"));
        ensemble.run(RunBounds.time(30_000_000L));
        official.threads().check();
        assertThat(sessions).hasSize(2);
        assertThat(sessions.get(0)).isNotEqualTo(sessions.get(1));
        assertThat(interrupted[0]).isEqualTo(1);
        official.shutdown();
    }

    @Test
    void anExceptionUserCodeDoesNotCatchEndsTheRunWithItsCause() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(3), EnsembleConfig.defaults(1));
        OfficialEnsemble official = new OfficialEnsemble(ensemble);
        official.addClient(session -> {
            LockPrograms.awaitConnected(session.zk());
            session.zk().delete("/missing", -1);
        });
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ensemble.run(RunBounds.time(10_000_000L)))
                .isInstanceOf(dev.zksim.kernel.SimulationFailure.class)
                .hasMessageContaining("died with")
                .hasMessageContaining("NoNode");
        official.shutdown();
    }

    @Test
    void theSynchronousApiRefusesTheSimulationThreadInOneLine() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(2), EnsembleConfig.defaults(1));
        OfficialEnsemble official = new OfficialEnsemble(ensemble);
        ZooKeeper[] handle = new ZooKeeper[1];
        official.addClient(session -> handle[0] = session.zk());
        ensemble.run(RunBounds.time(1_000_000L));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> handle[0].exists("/", false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("simulated thread");
        official.shutdown();
    }
}

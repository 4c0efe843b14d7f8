package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.server.ContainerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** The container manager: empty containers that once had a child are deleted through a txn. */
class ContainerReapingTest {
    private static final int INTERVAL_MS = 1_000;

    private final List<String> events = new ArrayList<>();

    private Ensemble ensemble(int servers, ContainerConfig containers) {
        return Ensemble.start(new SeededChoices(3), EnsembleConfig.defaults(servers).withContainers(containers));
    }

    /**
     * A client with an open session: a quorum first elects a leader (ten seconds is ample),
     * a single server serves at once.
     */
    private static ZooKeeperClient connectedClient(Ensemble ensemble) {
        boolean quorum = ensemble.serverIds().size() > 1;
        if (quorum) {
            ensemble.runFor(Time.seconds(10));
        }
        EnsembleClient client = ensemble.addClient((context, zk) -> { });
        ensemble.runFor(quorum ? Time.seconds(1) : Time.millis(100));
        return client.zk();
    }

    private static <T> T settle(Ensemble ensemble, CompletionStage<T> stage) {
        ensemble.runFor(Time.millis(100));
        assertThat(stage.toCompletableFuture()).isCompleted();
        return stage.toCompletableFuture().join();
    }

    private void record(WatchedEvent event) {
        events.add(event.type() + " " + event.path());
    }

    @Test
    void anEmptiedContainerIsDeletedAtTheNextCheckAndItsWatchersHearIt() {
        Ensemble ensemble = ensemble(1, ContainerConfig.DEFAULT.withCheckIntervalMs(INTERVAL_MS));
        ZooKeeperClient zk = connectedClient(ensemble);
        settle(ensemble, zk.create("/c", null, CreateMode.CONTAINER));
        settle(ensemble, zk.create("/c/x", null, CreateMode.PERSISTENT));
        settle(ensemble, zk.delete("/c/x", -1));
        settle(ensemble, zk.exists("/c", this::record));
        settle(ensemble, zk.getChildren("/", this::record));

        ensemble.runFor(Time.millis(INTERVAL_MS));

        assertThat(settle(ensemble, zk.exists("/c", false))).isNull();
        assertThat(events).containsExactly("NodeDeleted /c", "NodeChildrenChanged /");
    }

    @Test
    void aContainerWithAChildOrThatNeverHadOneStays() {
        Ensemble ensemble = ensemble(1, ContainerConfig.DEFAULT.withCheckIntervalMs(INTERVAL_MS));
        ZooKeeperClient zk = connectedClient(ensemble);
        settle(ensemble, zk.create("/never", null, CreateMode.CONTAINER));
        settle(ensemble, zk.create("/full", null, CreateMode.CONTAINER));
        settle(ensemble, zk.create("/full/x", null, CreateMode.PERSISTENT));

        ensemble.runFor(Time.millis(5 * INTERVAL_MS));

        assertThat(settle(ensemble, zk.exists("/never", false))).isNotNull();
        assertThat(settle(ensemble, zk.exists("/full", false))).isNotNull();
    }

    @Test
    void aNeverUsedContainerGoesOnceOlderThanTheSetLimit() {
        Ensemble ensemble = ensemble(1, new ContainerConfig(INTERVAL_MS, 10_000, 2_500, true));
        ZooKeeperClient zk = connectedClient(ensemble);
        settle(ensemble, zk.create("/never", null, CreateMode.CONTAINER));

        ensemble.runFor(Time.millis(2 * INTERVAL_MS));
        assertThat(settle(ensemble, zk.exists("/never", false))).isNotNull();
        ensemble.runFor(Time.millis(2 * INTERVAL_MS));
        assertThat(settle(ensemble, zk.exists("/never", false))).isNull();
    }

    @Test
    void theLeaderDeletesAndEveryReplicaAppliesTheDeletion() {
        Ensemble ensemble = ensemble(3, ContainerConfig.DEFAULT.withCheckIntervalMs(INTERVAL_MS));
        ZooKeeperClient zk = connectedClient(ensemble);
        settle(ensemble, zk.create("/c", null, CreateMode.CONTAINER));
        settle(ensemble, zk.create("/c/a", null, CreateMode.PERSISTENT));
        settle(ensemble, zk.create("/c/b", null, CreateMode.PERSISTENT));
        settle(ensemble, zk.delete("/c/a", -1));
        settle(ensemble, zk.delete("/c/b", -1));

        ensemble.runFor(Time.millis(2 * INTERVAL_MS));

        for (String server : List.of("s1", "s2", "s3")) {
            assertThat(ensemble.server(server).orElseThrow().database().tree().exists("/c")).as(server).isFalse();
        }
        assertThat(settle(ensemble, zk.exists("/c", false))).isNull();
    }

    @Test
    void withDefaultsNothingHappensWithinAMinute() {
        Ensemble ensemble = ensemble(1, ContainerConfig.DEFAULT);
        ZooKeeperClient zk = connectedClient(ensemble);
        settle(ensemble, zk.create("/c", null, CreateMode.CONTAINER));
        settle(ensemble, zk.create("/c/x", null, CreateMode.PERSISTENT));
        settle(ensemble, zk.delete("/c/x", -1));

        ensemble.runFor(Time.seconds(50));
        assertThat(settle(ensemble, zk.exists("/c", false))).isNotNull();
        ensemble.runFor(Time.seconds(15));
        assertThat(settle(ensemble, zk.exists("/c", false))).isNull();
    }

    @Test
    void aTtlNodeUnchangedForLongerThanItsTtlAndWithoutChildrenIsDeleted() {
        Ensemble ensemble = ensemble(1, ContainerConfig.DEFAULT.withCheckIntervalMs(INTERVAL_MS));
        ZooKeeperClient zk = connectedClient(ensemble);
        settle(ensemble, zk.createWithTtl("/t", null, CreateMode.PERSISTENT_WITH_TTL, 2_500));
        settle(ensemble, zk.createWithTtl("/kept", null, CreateMode.PERSISTENT_WITH_TTL, 2_500));
        settle(ensemble, zk.create("/kept/x", null, CreateMode.PERSISTENT));
        ZooKeeperClient.Created refreshed =
            settle(ensemble, zk.createWithTtl("/r", null, CreateMode.PERSISTENT_WITH_TTL, 2_500));
        assertThat(refreshed.stat().ephemeralOwner()).isZero();

        ensemble.runFor(Time.millis(2_000));
        settle(ensemble, zk.setData("/r", null, -1));
        ensemble.runFor(Time.millis(1_500));

        assertThat(settle(ensemble, zk.exists("/t", false))).isNull();
        assertThat(settle(ensemble, zk.exists("/kept", false))).isNotNull();
        assertThat(settle(ensemble, zk.exists("/r", false))).as("setData moved its mtime").isNotNull();
        ensemble.runFor(Time.millis(2_000));
        assertThat(settle(ensemble, zk.exists("/r", false))).isNull();
    }

    @Test
    void aServerWithoutExtendedTypesAnswersTtlCreatesUnimplemented() {
        Ensemble ensemble = ensemble(1, ContainerConfig.DEFAULT.withExtendedTypes(false));
        CompletionStage<ZooKeeperClient.Created> stage =
            connectedClient(ensemble).createWithTtl("/t", null, CreateMode.PERSISTENT_WITH_TTL, 1_000);
        ensemble.runFor(Time.millis(100));
        assertThat(stage.toCompletableFuture()).isCompletedExceptionally();
        assertThat(stage.handle((value, error) -> error.getCause() == null ? error : error.getCause())
            .toCompletableFuture().join()).hasMessageContaining("UNIMPLEMENTED");
    }

    @Test
    void theClientRefusesABadTtlBeforeSendingAnything() {
        Ensemble ensemble = ensemble(1, ContainerConfig.DEFAULT);
        ZooKeeperClient zk = connectedClient(ensemble);
        org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> zk.createWithTtl("/t", null, CreateMode.PERSISTENT_WITH_TTL, 0))
            .isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> zk.createWithTtl("/t", null, CreateMode.PERSISTENT, 5))
            .isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> zk.create("/t", null, CreateMode.PERSISTENT_WITH_TTL))
            .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theContainerSettingsSurviveTheOtherKnobs() {
        EnsembleConfig config = EnsembleConfig.defaults(3).withContainerCheckInterval(INTERVAL_MS)
            .withFidelity(Fidelity.FAITHFUL.withReplyLimit(false)).withSnapCount(50).withTickTime(1000);
        assertThat(config.containers().checkIntervalMs()).isEqualTo(INTERVAL_MS);
        assertThat(config.fidelity().replyLimit()).isFalse();
        assertThat(config.snapCount()).isEqualTo(50);
    }

    @Test
    void aNewLeaderTakesOverTheReaping() {
        Ensemble ensemble = ensemble(3, ContainerConfig.DEFAULT.withCheckIntervalMs(INTERVAL_MS));
        ZooKeeperClient zk = connectedClient(ensemble);
        settle(ensemble, zk.create("/c", null, CreateMode.CONTAINER));
        settle(ensemble, zk.create("/c/a", null, CreateMode.PERSISTENT));
        CompletionStage<Void> emptied = zk.delete("/c/a", -1);
        while (!emptied.toCompletableFuture().isDone()) {
            ensemble.simulation().step(Long.MAX_VALUE);
        }
        // The old leader goes the moment the container is empty, before any check of its own.
        String oldLeader = ensemble.leader().orElseThrow();
        ensemble.faults().crash(oldLeader);

        ensemble.runFor(Time.seconds(30));

        String newLeader = ensemble.leader().orElseThrow();
        assertThat(newLeader).isNotEqualTo(oldLeader);
        assertThat(ensemble.server(newLeader).orElseThrow().database().tree().exists("/c")).isFalse();
    }
}

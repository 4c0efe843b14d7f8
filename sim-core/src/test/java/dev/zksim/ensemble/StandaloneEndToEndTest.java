package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperState;
import dev.zksim.api.Stat;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** The simulated client library against a standalone simulated server, end to end. */
class StandaloneEndToEndTest {
    private final Ensemble ensemble = Ensemble.start(new SeededChoices(1), EnsembleConfig.defaults(1));
    private final List<WatchedEvent> events = new ArrayList<>();
    private final EnsembleClient client = ensemble.addClient(new ClientProgram() {
        @Override
        public void started(ClientContext context, ZooKeeperClient zk) {
        }

        @Override
        public void process(WatchedEvent event) {
            events.add(event);
        }
    });

    private <T> T await(CompletionStage<T> stage) {
        ensemble.runFor(Time.seconds(1));
        return stage.toCompletableFuture().getNow(null);
    }

    private KeeperException.Code failure(CompletionStage<?> stage) {
        ensemble.runFor(Time.seconds(1));
        assertThat(stage.toCompletableFuture()).isCompletedExceptionally();
        return stage.handle((value, error) -> ((KeeperException) unwrap(error)).code()).toCompletableFuture().join();
    }

    private static Throwable unwrap(Throwable error) {
        return error.getCause() != null && !(error instanceof KeeperException) ? error.getCause() : error;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void connectsAndSeesSyncConnected() {
        ensemble.runFor(Time.seconds(1));
        assertThat(events).containsExactly(WatchedEvent.session(KeeperState.SyncConnected));
        assertThat(client.sessionId()).isNotZero();
        assertThat(client.zk().sessionTimeout()).isEqualTo(10_000);
    }

    @Test
    void writesAndReadsWithZooKeepersStats() {
        ZooKeeperClient zk = client.zk();
        assertThat(await(zk.create("/a", bytes("x"), CreateMode.PERSISTENT))).isEqualTo("/a");
        assertThat(failure(zk.create("/a", bytes("y"), CreateMode.PERSISTENT))).isEqualTo(KeeperException.Code.NODEEXISTS);
        Stat stat = await(zk.setData("/a", bytes("z"), 0));
        // zxid 1 created the session, 2 created /a, 3 was the failed create, 4 the setData.
        assertThat(stat.czxid()).isEqualTo(2);
        assertThat(stat.mzxid()).isEqualTo(4);
        assertThat(stat.version()).isEqualTo(1);
        assertThat(await(zk.create("/a/q-", null, CreateMode.PERSISTENT_SEQUENTIAL))).isEqualTo("/a/q-0000000000");
        assertThat(await(zk.getData("/a/q-0000000000", false)).data()).isNull();
        assertThat(await(zk.getChildren("/", false))).containsExactlyInAnyOrder("a", "zookeeper");
        assertThat(await(zk.exists("/missing", false))).isNull();
    }

    @Test
    void aWatchFiresBeforeTheReplyOfTheWriteThatTriggeredIt() {
        ZooKeeperClient zk = client.zk();
        List<String> order = new ArrayList<>();
        zk.exists("/w", event -> order.add("watch " + event.type()));
        ensemble.runFor(Time.seconds(1));
        zk.create("/w", null, CreateMode.PERSISTENT).thenAccept(path -> order.add("reply " + path));
        ensemble.runFor(Time.seconds(1));
        assertThat(order).containsExactly("watch NodeCreated", "reply /w");
    }

    @Test
    void anExpiredSessionLosesItsEphemeralsAndSeesExpired() {
        ZooKeeperClient zk = client.zk();
        await(zk.create("/e", null, CreateMode.EPHEMERAL));
        List<WatchedEvent> watched = new ArrayList<>();
        EnsembleClient observer = ensemble.addClient((context, handle) -> { });
        ensemble.runFor(Time.seconds(1));
        observer.zk().exists("/e", watched::add);
        ensemble.runFor(Time.seconds(1));
        assertThat(ensemble.faults().expireSession("c1")).isTrue();
        ensemble.runFor(Time.seconds(1));
        assertThat(watched).extracting(WatchedEvent::type).containsExactly(EventType.NodeDeleted);
        ensemble.faults().crash("c1");
        assertThat(await(observer.zk().exists("/e", false))).isNull();
    }

    @Test
    void aLostReplyLeavesTheWriteAppliedAndTheClientWithConnectionLoss() {
        ZooKeeperClient zk = client.zk();
        ensemble.runFor(Time.seconds(1));
        assertThat(ensemble.faults().dropReply("c1")).isTrue();
        assertThat(failure(zk.create("/lost", null, CreateMode.PERSISTENT))).isEqualTo(KeeperException.Code.CONNECTIONLOSS);
        ensemble.runFor(Time.seconds(5));
        assertThat(events).contains(WatchedEvent.session(KeeperState.Disconnected));
        assertThat(events.getLast()).isEqualTo(WatchedEvent.session(KeeperState.SyncConnected));
        assertThat(await(zk.exists("/lost", false))).isNotNull();
    }

    @Test
    void aServerRestartKeepsEverythingAcknowledgedAndTheSession() {
        ZooKeeperClient zk = client.zk();
        await(zk.create("/durable", bytes("v"), CreateMode.PERSISTENT));
        await(zk.create("/mine", null, CreateMode.EPHEMERAL));
        ensemble.faults().crash("s1");
        ensemble.runFor(Time.seconds(2));
        ensemble.faults().restart("s1");
        ensemble.runFor(Time.seconds(5));
        assertThat(new String(await(zk.getData("/durable", false)).data(), StandardCharsets.UTF_8)).isEqualTo("v");
        assertThat(await(zk.exists("/mine", false))).as("the session survived, so did its ephemeral").isNotNull();
    }
}

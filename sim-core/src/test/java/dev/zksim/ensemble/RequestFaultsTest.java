package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperState;
import dev.zksim.api.Op;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.client.RequestMatch;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The lost-request and aimed lost-reply faults, as a client of ZooKeeper sees them: both
 * end in ConnectionLoss with the session intact; a lost request was not applied, a lost
 * reply was. Each is checked on a standalone server and through a follower of three.
 */
class RequestFaultsTest {
    private Ensemble ensemble;
    private final List<WatchedEvent> events = new ArrayList<>();
    private EnsembleClient client;

    private void start(int servers) {
        ensemble = Ensemble.start(new SeededChoices(3), EnsembleConfig.defaults(servers));
        client = ensemble.addClient(new ClientProgram() {
            @Override
            public void started(ClientContext context, ZooKeeperClient zk) {
            }

            @Override
            public void process(WatchedEvent event) {
                events.add(event);
            }
        });
        ensemble.runFor(Time.seconds(servers == 1 ? 1 : 8));
        assertThat(client.zk().currentServer()).isNotNull();
    }

    private <T> T await(CompletionStage<T> stage) {
        ensemble.runFor(Time.seconds(1));
        assertThat(stage.toCompletableFuture()).isCompleted();
        return stage.toCompletableFuture().join();
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

    /** After the fault the session is the same one, reconnected: Disconnected, then SyncConnected. */
    private void assertSessionSurvived(long session) {
        ensemble.runFor(Time.seconds(5));
        assertThat(events).contains(WatchedEvent.session(KeeperState.Disconnected));
        assertThat(events.getLast()).isEqualTo(WatchedEvent.session(KeeperState.SyncConnected));
        assertThat(client.zk().sessionId()).isEqualTo(session);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void aLostCreateFailsWithConnectionLossAndWasNotApplied(int servers) {
        start(servers);
        ZooKeeperClient zk = client.zk();
        long session = zk.sessionId();
        assertThat(ensemble.faults().loseRequest("c1", new RequestMatch("create", null))).isTrue();
        assertThat(await(zk.exists("/lost", false))).as("an exists is not aimed at").isNull();
        assertThat(failure(zk.create("/lost", null, CreateMode.PERSISTENT))).isEqualTo(KeeperException.Code.CONNECTIONLOSS);
        assertSessionSurvived(session);
        assertThat(await(zk.exists("/lost", false))).as("no server saw the create").isNull();
        assertThat(await(zk.create("/lost", null, CreateMode.PERSISTENT))).as("the fault struck once").isEqualTo("/lost");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void anAimedLostReplyFailsWithConnectionLossButWasApplied(int servers) {
        start(servers);
        ZooKeeperClient zk = client.zk();
        long session = zk.sessionId();
        await(zk.create("/a", null, CreateMode.PERSISTENT));
        assertThat(ensemble.faults().dropReply("c1", new RequestMatch("setData", "/a/"))).isTrue();
        assertThat(await(zk.setData("/a", bytes("parent"), -1)).version()).as("outside the prefix").isEqualTo(1);
        await(zk.create("/a/b", null, CreateMode.PERSISTENT));
        assertThat(failure(zk.setData("/a/b", bytes("x"), 0))).isEqualTo(KeeperException.Code.CONNECTIONLOSS);
        assertSessionSurvived(session);
        assertThat(await(zk.getData("/a/b", false)).stat().version()).as("the server applied it").isEqualTo(1);
    }

    @Test
    void aFaultAimedAtTheSecondMatchLetsTheFirstPass() {
        start(1);
        ZooKeeperClient zk = client.zk();
        await(zk.create("/d1", null, CreateMode.PERSISTENT));
        await(zk.create("/d2", null, CreateMode.PERSISTENT));
        assertThat(ensemble.faults().dropReply("c1", new RequestMatch("delete", "/d", 2))).isTrue();
        await(zk.create("/other", null, CreateMode.PERSISTENT));
        await(zk.delete("/d1", -1));
        assertThat(failure(zk.delete("/d2", -1))).as("the second delete").isEqualTo(KeeperException.Code.CONNECTIONLOSS);
        ensemble.runFor(Time.seconds(5));
        assertThat(await(zk.exists("/d2", false))).as("the server applied it").isNull();
    }

    @Test
    void underTotalRequestLossEveryRequestFailsUntilTheHeal() {
        start(1);
        ZooKeeperClient zk = client.zk();
        ensemble.faults().requestLoss(1_000_000);
        assertThat(failure(zk.create("/r", null, CreateMode.PERSISTENT))).isEqualTo(KeeperException.Code.CONNECTIONLOSS);
        ensemble.faults().heal();
        ensemble.runFor(Time.seconds(5));
        assertThat(await(zk.exists("/r", false)) == null ? "lost request" : "lost reply")
                .as("either the request or its reply was lost").isIn("lost request", "lost reply");
        assertThat(await(zk.setData("/", bytes("after"), -1))).as("healed: requests go through").isNotNull();
    }

    @Test
    void aLostMultiAppliesNoneOfItsOps() {
        start(1);
        ZooKeeperClient zk = client.zk();
        ensemble.faults().loseRequest("c1", new RequestMatch("multi", "/m"));
        List<Op> ops = List.of(Op.create("/m", null, CreateMode.PERSISTENT), Op.create("/m/x", null, CreateMode.PERSISTENT));
        assertThat(failure(zk.multi(ops))).isEqualTo(KeeperException.Code.CONNECTIONLOSS);
        ensemble.runFor(Time.seconds(5));
        assertThat(await(zk.exists("/m", false))).isNull();
        assertThat(await(zk.multi(ops))).hasSize(2);
    }

    @Test
    void aLostReplyToAReadLeavesNothingBehindButTheRetryReadsTheSame() {
        start(1);
        ZooKeeperClient zk = client.zk();
        await(zk.create("/r", bytes("v"), CreateMode.PERSISTENT));
        ensemble.faults().dropReply("c1", new RequestMatch("getData", null));
        assertThat(failure(zk.getData("/r", false))).isEqualTo(KeeperException.Code.CONNECTIONLOSS);
        ensemble.runFor(Time.seconds(5));
        assertThat(await(zk.getData("/r", false)).data()).isEqualTo(bytes("v"));
    }

    @Test
    void anArmedFaultWaitsAcrossAReconnectForAMatchingRequest() {
        start(1);
        ZooKeeperClient zk = client.zk();
        ensemble.faults().loseRequest("c1", new RequestMatch("delete", null));
        ensemble.faults().crash("s1");
        ensemble.runFor(Time.seconds(1));
        ensemble.faults().restart("s1");
        ensemble.runFor(Time.seconds(5));
        await(zk.create("/d", null, CreateMode.PERSISTENT));
        assertThat(failure(zk.delete("/d", -1))).isEqualTo(KeeperException.Code.CONNECTIONLOSS);
        ensemble.runFor(Time.seconds(5));
        assertThat(await(zk.exists("/d", false))).isNotNull();
    }

    @Test
    void aCrashedClientCannotBeArmed() {
        start(1);
        ensemble.faults().crash("c1");
        assertThat(ensemble.faults().loseRequest("c1", RequestMatch.ANY)).isFalse();
        assertThat(ensemble.faults().dropReply("c1", RequestMatch.ANY)).isFalse();
    }

    @Test
    void matchesByOperationNameAndPlainPathPrefix() {
        RequestMatch match = new RequestMatch("create", "/lock");
        assertThat(match.matches(new dev.zksim.protocol.Operation.Create("/locks/x", null, CreateMode.PERSISTENT, false))).isTrue();
        assertThat(match.matches(new dev.zksim.protocol.Operation.Create("/queue", null, CreateMode.PERSISTENT, false))).isFalse();
        assertThat(match.matches(new dev.zksim.protocol.Operation.Delete("/lock", -1))).isFalse();
        assertThat(RequestMatch.ANY.matches(new dev.zksim.protocol.Operation.CloseSession())).isFalse();
        assertThat(match.toString()).isEqualTo(" on create /lock");
        assertThatThrownBy(() -> new RequestMatch("remove", null)).hasMessageContaining("unknown operation 'remove'");
        assertThatThrownBy(() -> new RequestMatch("create", "lock")).hasMessageContaining("starts with '/'");
    }
}

package dev.zksim.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.KeeperState;
import dev.zksim.api.Stat;
import dev.zksim.api.WatchedEvent;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.ServerPacket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** Session events: expiry from a server, client-side expiry, close, repeats, determinism. */
class SessionTest {

    @Test
    void anExpiredConnectResponseFiresExpiredThenEveryCallFailsWithSessionExpired() {
        ClientHarness h = new ClientHarness(21, 3, 30_000);
        h.runFor(Time.millis(100));
        List<String> log = new ArrayList<>();
        h.client.getData("/w", event -> log.add("watcher " + event.state()));
        h.runFor(Time.millis(100));
        h.inOrder(1).onConnect = request -> new ServerPacket.ConnectResponse(0, 0, 0);
        h.inOrder(0).lastConnection().close();
        h.runFor(Time.millis(2));
        CompletionStage<Stat> queued = h.client.exists("/q", false);
        queued.whenComplete((stat, error) -> log.add("queued call done"));
        h.runFor(Time.seconds(2));

        assertThat(h.states()).containsExactly(KeeperState.SyncConnected, KeeperState.Disconnected, KeeperState.Expired);
        assertThat(h.client.state()).isEqualTo(ClientState.CLOSED);
        assertThat(Outcomes.code(queued)).isEqualTo(Code.SESSIONEXPIRED);
        assertThat(log).containsExactly("watcher Disconnected", "watcher Expired", "queued call done");
        assertThat(Outcomes.code(h.client.create("/later", null, CreateMode.EPHEMERAL))).isEqualTo(Code.SESSIONEXPIRED);
        assertThat(Outcomes.code(h.client.getChildren("/", false))).isEqualTo(Code.SESSIONEXPIRED);
        h.runFor(Time.seconds(60));
        assertThat(h.inOrder(2).received).as("no attempt after expiry").isEmpty();
        assertThat(h.traced(ClientEvent.Expired.class)).hasSize(1);
        assertThat(Outcomes.value(h.client.close())).isNull();
        assertThat(h.states()).as("close after expiry fires nothing").hasSize(3);
    }

    @Test
    void theClientExpiresItsOwnSessionAfterFourThirdsWithNoServerReachable() {
        ClientHarness h = new ClientHarness(22, 3, 30_000);
        h.runFor(Time.millis(100));
        h.network.partition(List.of("c1"), List.of("s1", "s2", "s3"));
        CompletionStage<Void> inFlight = h.client.delete("/a", -1);
        h.runFor(Time.seconds(50));

        assertThat(h.states()).containsExactly(KeeperState.SyncConnected, KeeperState.Disconnected, KeeperState.Expired);
        // Last packet heard: the ConnectResponse at 4 ms; expiry 40 s (4/3 of 30 s) later.
        assertThat(h.eventTimes.get(2)).isEqualTo(Time.millis(4) + Time.seconds(40));
        assertThat(h.traced(ClientEvent.Expired.class).get(0).reason()).startsWith("client-side expiry");
        assertThat(h.client.state()).isEqualTo(ClientState.CLOSED);
        assertThat(Outcomes.code(inFlight)).isEqualTo(Code.CONNECTIONLOSS);
        // Between the read timeout and the expiry the client kept trying other servers.
        assertThat(h.traced(ClientEvent.Connecting.class).size()).isGreaterThan(1);
        int attempts = h.traced(ClientEvent.Connecting.class).size();
        h.runFor(Time.seconds(30));
        assertThat(h.traced(ClientEvent.Connecting.class)).hasSize(attempts);
    }

    @Test
    void clientSideExpiryCanBeSwitchedOff() {
        ClientHarness h = new ClientHarness(22, 3, 30_000, new ClientConfig(10_000, 1_000, 1_000, false));
        h.runFor(Time.millis(100));
        h.network.partition(List.of("c1"), List.of("s1", "s2", "s3"));
        h.runFor(Time.seconds(90));
        assertThat(h.states()).containsExactly(KeeperState.SyncConnected, KeeperState.Disconnected);
        assertThat(h.client.state()).isEqualTo(ClientState.CONNECTING);
    }

    @Test
    void aReconnectWithinTheTimeoutKeepsTheSession() {
        ClientHarness h = new ClientHarness(23, 3, 30_000);
        h.runFor(Time.millis(100));
        long session = h.client.sessionId();
        h.network.partition(List.of("c1"), List.of(h.client.serverOrder().get(0)));
        h.runFor(Time.seconds(25));
        assertThat(h.client.state()).isEqualTo(ClientState.CONNECTED);
        assertThat(h.client.sessionId()).isEqualTo(session);
        h.runFor(Time.seconds(60));
        assertThat(h.states()).containsExactly(KeeperState.SyncConnected, KeeperState.Disconnected, KeeperState.SyncConnected);
    }

    @Test
    void closeSendsCloseSessionCompletesOnItsReplyThenFiresClosed() {
        ClientHarness h = new ClientHarness(24, 1, 30_000);
        h.runFor(Time.millis(100));
        FakeServer server = h.servers.get("s1");
        List<String> log = new ArrayList<>();
        h.client.getData("/w", event -> log.add("watcher " + event.state()));
        h.runFor(Time.millis(100));
        h.client.close().thenRun(() -> log.add("close done"));
        assertThat(log).isEmpty();
        CompletionStage<Stat> during = h.client.exists("/x", false);
        h.runFor(Time.millis(100));

        assertThat(server.requests().get(server.requests().size() - 1).operation()).isEqualTo(new Operation.CloseSession());
        assertThat(log).containsExactly("close done", "watcher Closed");
        assertThat(h.states()).containsExactly(KeeperState.SyncConnected, KeeperState.Closed);
        assertThat(h.client.state()).isEqualTo(ClientState.CLOSED);
        assertThat(Outcomes.code(during)).as("a call made while closing").isEqualTo(Code.CONNECTIONLOSS);
        assertThat(Outcomes.code(h.client.sync("/"))).isEqualTo(Code.SESSIONEXPIRED);
        assertThat(server.lastConnection().isOpen()).isFalse();
        h.runFor(Time.seconds(60));
        assertThat(server.pingTimes()).isEmpty();
        assertThat(h.client.close().toCompletableFuture()).isCompleted();
    }

    @Test
    void closeWhileConnectingCompletesAtOnceAndFailsQueuedCalls() {
        ClientHarness h = new ClientHarness(25, 1, 30_000);
        CompletionStage<String> queued = h.client.create("/a", null, CreateMode.PERSISTENT);
        h.runFor(Time.millis(1));
        assertThat(h.client.close().toCompletableFuture()).isCompleted();
        assertThat(Outcomes.code(queued)).isEqualTo(Code.SESSIONEXPIRED);
        assertThat(h.states()).containsExactly(KeeperState.Closed);
        h.runFor(Time.seconds(5));
        assertThat(h.servers.get("s1").packets()).isEmpty();
    }

    @Test
    void closeCompletesWhenTheConnectionDropsBeforeTheReply() {
        ClientHarness h = new ClientHarness(26, 2, 30_000);
        h.runFor(Time.millis(100));
        h.inOrder(0).silent = true;
        CompletionStage<Void> closed = h.client.close();
        h.runFor(Time.seconds(19));
        assertThat(closed.toCompletableFuture()).isNotDone();
        h.runFor(Time.seconds(2));
        assertThat(closed.toCompletableFuture()).isCompleted();
        assertThat(h.states()).containsExactly(KeeperState.SyncConnected, KeeperState.Closed);
        assertThat(h.inOrder(1).received).isEmpty();
    }

    @Test
    void aRepeatedDisconnectedIsNotFiredAgain() {
        ClientHarness h = new ClientHarness(27, 3, 30_000);
        h.runFor(Time.millis(100));
        h.servers.values().forEach(server -> server.refuse = true);
        h.inOrder(0).lastConnection().close();
        h.runFor(Time.seconds(10));

        assertThat(h.traced(ClientEvent.Disconnected.class).size()).isGreaterThanOrEqualTo(4);
        assertThat(h.states()).containsExactly(KeeperState.SyncConnected, KeeperState.Disconnected);
    }

    @Test
    void sessionEventsReachEveryRegisteredWatcher() {
        ClientHarness h = new ClientHarness(28, 2, 30_000);
        h.runFor(Time.millis(100));
        List<WatchedEvent> seen = new ArrayList<>();
        h.client.exists("/e", seen::add);
        h.runFor(Time.millis(100));
        h.inOrder(0).lastConnection().close();
        h.runFor(Time.seconds(2));
        assertThat(seen).extracting(WatchedEvent::state).containsExactly(KeeperState.Disconnected, KeeperState.SyncConnected);
    }

    @Test
    void theSameSeedGivesTheSameTraceDigest() {
        assertThat(scriptedRun(31)).isEqualTo(scriptedRun(31));
        assertThat(scriptedRun(31)).isNotEqualTo(scriptedRun(32));
    }

    /** A run with reconnects (jitter and server order come from the seed) and requests. */
    private static String scriptedRun(long seed) {
        ClientHarness h = new ClientHarness(seed, 3, 30_000);
        h.client.create("/a", new byte[] {1}, CreateMode.PERSISTENT);
        h.runFor(Time.millis(100));
        h.client.getData("/a", true);
        h.inOrder(0).silent = true;
        h.runFor(Time.seconds(25));
        h.inOrder(1).lastConnection().close();
        h.runFor(Time.seconds(5));
        h.client.close();
        h.runFor(Time.seconds(1));
        assertThat(h.client.state()).isEqualTo(ClientState.CLOSED);
        return h.simulation.trace().digest();
    }

    @Test
    void constructingOutsideARunningProcessIsRejected() {
        ClientHarness h = new ClientHarness(33, 1, 30_000);
        SimProcess idle = new SimProcess(h.simulation, "c2",
                process -> () -> { }, CrashPolicy.LOSE_UNSYNCED);
        assertThatThrownBy(() -> new SimZooKeeper(idle, h.network, List.of("s1"), 30_000, null))
                .isInstanceOf(IllegalStateException.class);
    }
}

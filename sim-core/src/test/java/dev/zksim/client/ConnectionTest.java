package dev.zksim.client;

import static dev.zksim.client.ClientHarness.LINK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.KeeperState;
import dev.zksim.api.ZooKeeperClient.DataAndStat;
import dev.zksim.kernel.Time;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.ServerPacket;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** Connecting, timers and moving between servers, against scripted fake servers. */
class ConnectionTest {

    @Test
    void connectsToTheFirstServerInShuffledOrderAndFiresSyncConnected() {
        ClientHarness h = new ClientHarness(1, 3, 30_000);
        h.inOrder(0).onConnect = request -> new ServerPacket.ConnectResponse(12_000, 0x42, 99);
        h.runFor(Time.millis(100));

        assertThat(h.client.state()).isEqualTo(ClientState.CONNECTED);
        assertThat(h.client.currentServer()).isEqualTo(h.client.serverOrder().get(0));
        assertThat(h.client.sessionId()).isEqualTo(0x42);
        assertThat(h.client.sessionTimeout()).isEqualTo(12_000);
        assertThat(h.states()).containsExactly(KeeperState.SyncConnected);
        assertThat(h.inOrder(0).packets()).containsExactly(new ClientPacket.ConnectRequest(0, 30_000, 0, 0));
        assertThat(h.inOrder(1).received).isEmpty();
        // TCP round trip (2 ms), then ConnectRequest and ConnectResponse (1 ms each).
        assertThat(h.eventTimes).containsExactly(4 * LINK);
    }

    @Test
    void requestsIssuedWhileConnectingAreQueuedAndSentAfterTheHandshake() {
        ClientHarness h = new ClientHarness(2, 1, 30_000);
        CompletionStage<String> created = h.client.create("/a", new byte[] {7}, CreateMode.PERSISTENT);
        CompletionStage<DataAndStat> read = h.client.getData("/a", false);
        assertThat(h.client.state()).isEqualTo(ClientState.CONNECTING);
        h.runFor(Time.millis(100));

        FakeServer server = h.servers.get("s1");
        assertThat(server.packets()).hasSize(3);
        assertThat(server.packets().get(0)).isInstanceOf(ClientPacket.ConnectRequest.class);
        assertThat(server.requests()).extracting(ClientPacket.Request::xid).containsExactly(1, 2);
        // Sent when the ConnectResponse arrived (4 ms), so they arrive at 5 ms, not at 3 ms
        // right behind the ConnectRequest.
        assertThat(server.received.get(1).time()).isEqualTo(5 * LINK);
        assertThat(Outcomes.value(created)).isEqualTo("/a");
        assertThat(Outcomes.value(read).data()).containsExactly(1, 2);
    }

    @Test
    void pingsAtAboutOneThirdOfTheTimeoutWhenIdle() {
        ClientHarness h = new ClientHarness(3, 1, 30_000);
        h.runFor(Time.seconds(40));

        List<Long> pings = h.servers.get("s1").pingTimes();
        assertThat(pings).hasSize(4);
        // Last send was the ConnectRequest at 2 ms; each ping arrives 1 ms after it is sent.
        assertThat(pings.get(0)).isEqualTo(2 * LINK + Time.seconds(9) + LINK);
        for (int i = 1; i < pings.size(); i++) {
            long gap = pings.get(i) - pings.get(i - 1);
            assertThat(gap).isEqualTo(Time.seconds(9));
            assertThat((double) gap / Time.seconds(30)).isBetween(0.25, 0.34);
        }
        assertThat(h.client.state()).isEqualTo(ClientState.CONNECTED);
        assertThat(h.states()).containsExactly(KeeperState.SyncConnected);
    }

    @Test
    void aRequestPostponesThePing() {
        ClientHarness h = new ClientHarness(3, 1, 30_000);
        h.runFor(Time.seconds(5));
        h.client.exists("/x", false);
        h.runFor(Time.seconds(10));
        assertThat(h.servers.get("s1").pingTimes()).containsExactly(Time.seconds(5) + Time.seconds(9) + LINK);
    }

    @Test
    void readTimeoutAtTwoThirdsDisconnectsFailsInFlightCallsAndMovesToTheNextServer() {
        ClientHarness h = new ClientHarness(4, 3, 30_000);
        h.runFor(Time.millis(100));
        FakeServer first = h.inOrder(0);
        long session = h.client.sessionId();
        first.silent = true;
        CompletionStage<DataAndStat> read = h.client.getData("/a", false);
        h.runFor(Time.seconds(21));

        // The last packet received was the ConnectResponse at 4 ms.
        assertThat(h.tracedTimes(ClientEvent.Disconnected.class)).containsExactly(4 * LINK + Time.seconds(20));
        assertThat(h.traced(ClientEvent.Disconnected.class).get(0).reason()).startsWith("read timeout");
        assertThat(Outcomes.code(read)).isEqualTo(Code.CONNECTIONLOSS);
        assertThat(h.states()).containsExactly(KeeperState.SyncConnected, KeeperState.Disconnected, KeeperState.SyncConnected);
        assertThat(h.client.currentServer()).isEqualTo(h.client.serverOrder().get(1));
        assertThat(h.client.sessionId()).isEqualTo(session);
        ClientPacket.ConnectRequest reconnect = (ClientPacket.ConnectRequest) h.inOrder(1).packets().get(0);
        assertThat(reconnect.sessionId()).isEqualTo(session);
        assertThat(reconnect.password()).isEqualTo(session * 7);
        // The client closed its end, so the silent server's connection is gone.
        assertThat(first.lastConnection().isOpen()).isFalse();
        // The reconnect waited a jitter below 1 s and no full-cycle backoff.
        ClientEvent.Connecting second = h.traced(ClientEvent.Connecting.class).get(1);
        assertThat(second.sleptMicros()).isBetween(0L, Time.millis(999));
    }

    @Test
    void aServerThatNeverAnswersTheHandshakeIsAbandonedAfterTheConnectTimeout() {
        ClientHarness h = new ClientHarness(5, 3, 30_000);
        h.inOrder(0).silent = true;
        h.runFor(Time.seconds(12));

        assertThat(h.tracedTimes(ClientEvent.Disconnected.class)).containsExactly(Time.seconds(10));
        assertThat(h.traced(ClientEvent.Disconnected.class).get(0).reason()).startsWith("connect timeout");
        assertThat(h.client.currentServer()).isEqualTo(h.client.serverOrder().get(1));
        // Disconnected before the first connection is a repeat of the initial state: not fired.
        assertThat(h.states()).containsExactly(KeeperState.SyncConnected);
    }

    @Test
    void aServerThatRefusesIsSkippedForTheNextOne() {
        ClientHarness h = new ClientHarness(6, 3, 30_000);
        h.inOrder(0).refuse = true;
        CompletionStage<String> queued = h.client.create("/q", null, CreateMode.PERSISTENT);
        h.runFor(Time.seconds(3));

        assertThat(h.traced(ClientEvent.Disconnected.class)).hasSize(1);
        assertThat(h.traced(ClientEvent.Disconnected.class).get(0).reason()).contains("closed by peer");
        assertThat(h.client.currentServer()).isEqualTo(h.client.serverOrder().get(1));
        assertThat(h.states()).containsExactly(KeeperState.SyncConnected);
        // A call queued during the failed attempt fails with ConnectionLoss and is not retried.
        assertThat(Outcomes.code(queued)).isEqualTo(Code.CONNECTIONLOSS);
        assertThat(h.inOrder(1).requests()).isEmpty();
    }

    @Test
    void afterEveryServerFailedTheClientBacksOffASecondBeforeTheNextCycle() {
        ClientHarness h = new ClientHarness(7, 3, 30_000);
        h.servers.values().forEach(server -> server.refuse = true);
        h.runFor(Time.seconds(6));

        List<ClientEvent.Connecting> attempts = h.traced(ClientEvent.Connecting.class);
        assertThat(attempts.size()).isGreaterThanOrEqualTo(5);
        for (int i = 0; i < 5; i++) {
            assertThat(attempts.get(i).server()).isEqualTo(h.client.serverOrder().get(i % 3));
        }
        assertThat(attempts.get(0).sleptMicros()).isZero();
        assertThat(attempts.get(1).sleptMicros()).isLessThan(Time.seconds(1));
        assertThat(attempts.get(2).sleptMicros()).isLessThan(Time.seconds(1));
        assertThat(attempts.get(3).sleptMicros()).isBetween(Time.seconds(1), Time.millis(1_999));
        assertThat(attempts.get(4).sleptMicros()).isLessThan(Time.seconds(1));
        assertThat(h.client.state()).isEqualTo(ClientState.CONNECTING);
        assertThat(h.events).isEmpty();
    }

    @Test
    void setWatchesWithTheLastZxidIsSentBeforeCallsQueuedWhileDisconnected() {
        ClientHarness h = new ClientHarness(8, 3, 30_000);
        h.runFor(Time.millis(100));
        FakeServer first = h.inOrder(0);
        first.onRequest = request -> request.operation() instanceof Operation.Exists
                ? List.of(new ServerPacket.Reply(request.xid(), 150, Code.NONODE.intValue(), null))
                : first.okReply(request);
        h.client.getData("/d", event -> { });
        h.client.exists("/e", event -> { });
        h.client.getChildren("/c", true);
        h.client.setData("/d", null, -1);
        h.runFor(Time.millis(100));
        assertThat(h.client.lastZxid()).isEqualTo(101);

        first.lastConnection().close();
        h.runFor(Time.millis(2));
        assertThat(h.client.state()).isEqualTo(ClientState.CONNECTING);
        CompletionStage<String> queued = h.client.sync("/d");
        h.runFor(Time.seconds(2));

        List<ClientPacket> packets = h.inOrder(1).packets();
        assertThat(packets.get(0)).isEqualTo(new ClientPacket.ConnectRequest(101, 30_000, h.client.sessionId(), h.client.sessionId() * 7));
        assertThat(packets.get(1)).isEqualTo(new ClientPacket.Request(ClientConnection.SET_WATCHES_XID,
                new Operation.SetWatches(101, List.of("/d"), List.of("/e"), List.of("/c"))));
        assertThat(((ClientPacket.Request) packets.get(2)).operation()).isEqualTo(new Operation.Sync("/d"));
        assertThat(Outcomes.value(queued)).isEqualTo("/d");
    }

    @Test
    void noSetWatchesWhenNoWatchIsArmed() {
        ClientHarness h = new ClientHarness(9, 2, 30_000);
        h.runFor(Time.millis(100));
        h.inOrder(0).lastConnection().close();
        h.runFor(Time.seconds(2));
        assertThat(h.client.currentServer()).isEqualTo(h.client.serverOrder().get(1));
        assertThat(h.inOrder(1).requests()).isEmpty();
    }

    @Test
    void aCallMadeFromTheSyncConnectedWatcherFollowsSetWatchesAndQueuedCalls() {
        ClientHarness h = new ClientHarness(10, 2, 30_000);
        h.runFor(Time.millis(100));
        h.client.exists("/e", event -> {
            if (event.state() == KeeperState.SyncConnected) {
                h.client.getData("/from-watcher", false);
            }
        });
        h.runFor(Time.millis(100));
        h.inOrder(0).lastConnection().close();
        h.runFor(Time.millis(2));
        h.client.sync("/queued");
        h.runFor(Time.seconds(2));

        assertThat(h.inOrder(1).requests()).extracting(ClientPacket.Request::operation).containsExactly(
                new Operation.SetWatches(100, List.of("/e"), List.of(), List.of()),
                new Operation.Sync("/queued"),
                new Operation.GetData("/from-watcher", false));
    }
}

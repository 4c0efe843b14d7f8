package dev.zksim.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.WatchedEvent;
import dev.zksim.kernel.Time;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.Response;
import dev.zksim.protocol.ServerPacket;
import dev.zksim.server.session.ExpiringSessionTracker;
import org.junit.jupiter.api.Test;

class SessionLifecycleTest {
    private final ServerHarness harness = new ServerHarness(ServerConfig.defaults(1, 2000));

    @Test
    void aClientAheadOfTheServerIsRefusedByClosingTheConnection() {
        RawClient client = harness.connectedClient("c1");
        client.send(new ClientPacket.ConnectRequest(99, 10_000, 0, 0));
        harness.runMillis(5);
        assertThat(client.received).isEmpty();
        assertThat(client.closes).hasSize(1);
        assertThat(harness.server().lastProcessedZxid()).as("no session was created").isZero();
    }

    @Test
    void aWrongPasswordOrAnUnknownSessionGetsTheExpiredAnswer() {
        RawClient owner = harness.session("c1", 10_000);
        RawClient thief = harness.connectedClient("c2");
        thief.send(new ClientPacket.ConnectRequest(0, 10_000, owner.sessionId, owner.password + 1));
        RawClient stranger = harness.connectedClient("c3");
        stranger.send(new ClientPacket.ConnectRequest(0, 10_000, 0x0100_0000_0000_0999L, 5));
        harness.runMillis(5);
        for (RawClient refused : new RawClient[] {thief, stranger}) {
            assertThat(refused.packets()).containsExactly(new ServerPacket.ConnectResponse(0, 0, 0));
            assertThat(refused.closes).hasSize(1);
        }
        assertThat(harness.server().introspection().sessions()).containsOnlyKeys(owner.sessionId);
    }

    @Test
    void aSessionExpiresAtItsBucketAfterTheLastTouchAndItsEphemeralsGoWithWatchesFired() {
        RawClient doomed = harness.session("c1", 4_000);
        RawClient watcher = harness.session("c2", 40_000);
        long lastTouch = harness.now() + ServerHarness.LINK_DELAY;
        harness.call(doomed, new Operation.Create("/e", null, CreateMode.EPHEMERAL, false));
        harness.call(watcher, new Operation.Exists("/e", true));
        long deadline = ExpiringSessionTracker.deadline(lastTouch, Time.millis(4_000), Time.millis(2_000));
        assertThat(deadline - lastTouch).isGreaterThan(Time.millis(4_000)).isLessThanOrEqualTo(Time.millis(6_000));

        harness.runFor(deadline - harness.now() - 1);
        assertThat(harness.server().introspection().sessions()).containsKey(doomed.sessionId);
        harness.runMillis(10);
        assertThat(harness.server().introspection().sessions()).doesNotContainKey(doomed.sessionId);
        assertThat(harness.server().database().tree().exists("/e")).isFalse();
        assertThat(watcher.notifications()).containsExactly(
                new ServerPacket.Notification(WatchedEvent.node(EventType.NodeDeleted, "/e", 4)));
        assertThat(doomed.closes).as("the expired session's connection is closed").hasSize(1);

        RawClient back = harness.connectedClient("c3");
        back.send(new ClientPacket.ConnectRequest(doomed.lastZxid(), 4_000, doomed.sessionId, doomed.password));
        harness.runMillis(5);
        assertThat(back.packets()).containsExactly(new ServerPacket.ConnectResponse(0, 0, 0));
    }

    @Test
    void pingsKeepASessionAlivePastItsTimeout() {
        RawClient client = harness.session("c1", 4_000);
        for (int i = 0; i < 10; i++) {
            client.send(new ClientPacket.Ping());
            harness.runMillis(1_500);
        }
        assertThat(harness.server().introspection().sessions()).containsKey(client.sessionId);
        assertThat(client.packets().stream().filter(ServerPacket.Pong.class::isInstance)).hasSize(10);
        harness.runMillis(6_100);
        assertThat(harness.server().introspection().sessions()).doesNotContainKey(client.sessionId);
    }

    /**
     * ZooKeeper's submitRequestNow drops a request whose session's touch fails: the request
     * that follows closeSession is never answered, and the client sees its connection close.
     */
    @Test
    void closeSessionAnswersThenClosesAndLaterRequestsAreDropped() {
        RawClient client = harness.session("c1", 10_000);
        harness.call(client, new Operation.Create("/mine", null, CreateMode.EPHEMERAL, false));
        int close = client.request(new Operation.CloseSession());
        int late = client.request(new Operation.Exists("/", false));
        harness.runMillis(10);
        assertThat(client.reply(close)).isEqualTo(new ServerPacket.Reply(close, 3, 0, new Response.Empty()));
        assertThat(client.packets()).noneMatch(packet -> packet instanceof ServerPacket.Reply reply && reply.xid() == late);
        assertThat(client.closes).hasSize(1);
        assertThat(harness.server().database().tree().exists("/mine")).isFalse();
        assertThat(harness.server().introspection().sessions()).isEmpty();
        assertThat(harness.server().introspection().connectionCount()).isZero();
    }

    /**
     * The delay-close fault: the expired session is closing at once (its requests and pings go
     * unanswered, a reconnect hears Expired) while its ephemeral outlives the expiry by the
     * delay, visible to a new session, and goes when the closeSession finally commits.
     */
    @Test
    void aDelayedCloseKeepsTheEphemeralsOfASessionThatAReconnectAlreadyHearsExpired() {
        RawClient doomed = harness.session("c1", 10_000);
        harness.call(doomed, new Operation.Create("/mine", null, CreateMode.EPHEMERAL, false));
        harness.server().faults().delayClose(doomed.sessionId, Time.seconds(3));
        assertThat(harness.server().faults().expireSession(doomed.sessionId)).isTrue();
        harness.runMillis(10);

        int ignored = doomed.request(new Operation.Exists("/", false));
        doomed.send(new ClientPacket.Ping());
        harness.runMillis(10);
        assertThat(doomed.packets()).noneMatch(packet -> packet instanceof ServerPacket.Reply reply && reply.xid() == ignored)
                .noneMatch(ServerPacket.Pong.class::isInstance);
        RawClient back = harness.connectedClient("c2");
        back.send(new ClientPacket.ConnectRequest(doomed.lastZxid(), 10_000, doomed.sessionId, doomed.password));
        RawClient fresh = harness.session("c3", 10_000);
        harness.runMillis(10);
        assertThat(back.packets()).containsExactly(new ServerPacket.ConnectResponse(0, 0, 0));
        assertThat(harness.call(fresh, new Operation.Exists("/mine", false)).err()).isZero();

        harness.runMillis(3_000);
        assertThat(harness.server().database().tree().exists("/mine")).isFalse();
        assertThat(doomed.closes).as("the session's connection closes when its close commits").hasSize(1);
    }

    @Test
    void aReconnectTakesTheSessionOverAndClosesTheOldConnection() {
        RawClient first = harness.session("c1", 10_000);
        harness.call(first, new Operation.Create("/kept", null, CreateMode.EPHEMERAL, false));
        RawClient second = harness.connectedClient("c2");
        second.send(new ClientPacket.ConnectRequest(first.lastZxid(), 6_000, first.sessionId, first.password));
        harness.runMillis(5);
        assertThat(second.packets()).containsExactly(new ServerPacket.ConnectResponse(6_000, first.sessionId, first.password));
        assertThat(first.closes).hasSize(1);
        assertThat(harness.server().introspection().connectionCount()).isEqualTo(1);
        assertThat(harness.call(second, new Operation.Exists("/kept", false)).err()).isZero();
        assertThat(harness.server().introspection().sessions()).containsEntry(first.sessionId, 6_000);
    }

    @Test
    void theFaultHookExpiresALiveSessionAtOnce() {
        RawClient client = harness.session("c1", 40_000);
        assertThat(harness.server().faults().expireSession(client.sessionId)).isTrue();
        assertThat(harness.server().faults().expireSession(client.sessionId)).as("already closing").isFalse();
        harness.runMillis(5);
        assertThat(harness.server().introspection().sessions()).isEmpty();
        assertThat(client.closes).hasSize(1);
        assertThat(harness.server().faults().connectionCount()).isZero();
    }
}

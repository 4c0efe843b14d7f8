package dev.zksim.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.WatchedEvent;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.ServerPacket;
import dev.zksim.protocol.ServerPacket.Notification;
import dev.zksim.server.watch.WatchKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class WatchDeliveryTest {
    private final ServerHarness harness = new ServerHarness(ServerConfig.defaults(1));

    @Test
    void aWritersOwnWatchEventArrivesBeforeTheReplyOfItsWrite() {
        RawClient client = harness.session("c1", 10_000);
        harness.call(client, new Operation.Create("/w", null, CreateMode.PERSISTENT, false));
        harness.call(client, new Operation.GetData("/w", true));
        int set = client.request(new Operation.SetData("/w", new byte[] {1}, -1));
        harness.runMillis(10);
        Notification event = new Notification(WatchedEvent.node(EventType.NodeDataChanged, "/w", 3));
        assertThat(client.notifications()).containsExactly(event);
        assertThat(client.indexOf(event)).isLessThan(client.indexOf(client.reply(set)));
        assertThat(harness.server().introspection().watchCount()).as("a standard watch is one-shot").isZero();
    }

    @Test
    void anotherSessionsReadAfterTheChangeComesAfterTheNotification() {
        RawClient watcher = harness.session("c1", 10_000);
        RawClient writer = harness.session("c2", 10_000);
        harness.call(writer, new Operation.Create("/w", null, CreateMode.PERSISTENT, false));
        harness.call(watcher, new Operation.GetChildren("/w", true, false));
        int create = writer.request(new Operation.Create("/w/child", null, CreateMode.PERSISTENT, false));
        harness.runFor(1_500);
        // The writer's request reached the server; the watcher reads as soon as it can.
        int read = watcher.request(new Operation.GetChildren("/w", false, false));
        harness.runMillis(10);
        assertThat(writer.hasReply(create)).isTrue();
        Notification event = new Notification(WatchedEvent.node(EventType.NodeChildrenChanged, "/w", 4));
        assertThat(watcher.notifications()).containsExactly(event);
        ServerPacket.Reply readReply = watcher.reply(read);
        assertThat(readReply.response()).isEqualTo(new dev.zksim.protocol.Response.ChildrenResponse(List.of("child"), null));
        assertThat(watcher.indexOf(event)).isLessThan(watcher.indexOf(readReply));
    }

    @Test
    void anExistsWatchOnAMissingNodeFiresNodeCreated() {
        RawClient watcher = harness.session("c1", 10_000);
        RawClient writer = harness.session("c2", 10_000);
        ServerPacket.Reply missing = harness.call(watcher, new Operation.Exists("/later", true));
        assertThat(missing.err()).isEqualTo(dev.zksim.api.KeeperException.Code.NONODE.intValue());
        assertThat(harness.server().introspection().watchSummary(WatchKind.DATA).watches()).isEqualTo(1);
        harness.call(writer, new Operation.Create("/later", null, CreateMode.PERSISTENT, false));
        assertThat(watcher.notifications())
                .containsExactly(new Notification(WatchedEvent.node(EventType.NodeCreated, "/later", 3)));
        ServerPacket.Reply noData = harness.call(watcher, new Operation.GetData("/nothing", true));
        assertThat(noData.err()).isNotZero();
        assertThat(harness.server().introspection().watchCount()).as("getData on a missing node sets no watch").isZero();
    }

    @Test
    void reconnectWithSetWatchesFiresCatchUpEventsForChangesMadeWhileAway() {
        RawClient first = harness.session("c1", 10_000);
        RawClient writer = harness.session("c2", 10_000);
        harness.call(writer, new Operation.Create("/d", null, CreateMode.PERSISTENT, false));
        harness.call(writer, new Operation.Create("/same", null, CreateMode.PERSISTENT, false));
        harness.call(first, new Operation.GetData("/d", true));
        long lastZxid = first.lastZxid();
        first.connection.close();
        harness.runMillis(5);
        assertThat(harness.server().introspection().watchCount()).as("watches go with the connection").isZero();
        harness.call(writer, new Operation.SetData("/d", new byte[] {7}, -1));
        harness.call(writer, new Operation.Create("/born", null, CreateMode.PERSISTENT, false));

        first.connect(ServerHarness.SERVER);
        harness.runMillis(5);
        first.send(new ClientPacket.ConnectRequest(lastZxid, 10_000, first.sessionId, first.password));
        int setWatches = first.request(new Operation.SetWatches(lastZxid, List.of("/d", "/same"), List.of("/born", "/unborn"),
                List.of("/gone")));
        harness.runMillis(10);
        List<ServerPacket> packets = first.packets();
        int from = packets.lastIndexOf(new ServerPacket.ConnectResponse(10_000, first.sessionId, first.password));
        assertThat(from).isPositive();
        assertThat(packets.subList(from + 1, packets.size())).containsExactly(
                new Notification(WatchedEvent.node(EventType.NodeDataChanged, "/d", -1)),
                new Notification(WatchedEvent.node(EventType.NodeCreated, "/born", -1)),
                new Notification(WatchedEvent.node(EventType.NodeDeleted, "/gone", -1)),
                first.reply(setWatches));
        assertThat(harness.server().introspection().watchesByPath(WatchKind.DATA)).containsOnlyKeys("/same", "/unborn");
    }
}

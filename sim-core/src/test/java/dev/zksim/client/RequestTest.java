package dev.zksim.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.Op;
import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.client.watch.ClientWatchKind;
import dev.zksim.kernel.Time;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.Response;
import dev.zksim.protocol.ServerPacket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** Requests, replies, watches and notifications on one established connection. */
class RequestTest {
    private final ClientHarness h = new ClientHarness(11, 1, 30_000);
    private final FakeServer server = h.servers.get("s1");

    private void connect() {
        h.runFor(Time.millis(100));
        assertThat(h.client.state()).isEqualTo(ClientState.CONNECTED);
    }

    private void settle() {
        h.runFor(Time.millis(100));
    }

    private void replyWith(int err, long zxid) {
        server.onRequest = request -> List.of(new ServerPacket.Reply(request.xid(), zxid, err, err == 0 ? FakeServer.body(request.operation()) : null));
    }

    @Test
    void replyZxidUpdatesLastZxidButNotificationsAndPongsDoNot() {
        connect();
        h.client.create("/a", null, CreateMode.PERSISTENT);
        settle();
        assertThat(h.client.lastZxid()).isEqualTo(101);

        server.lastConnection().send(new ServerPacket.Notification(WatchedEvent.node(EventType.NodeDataChanged, "/x", 500)));
        server.lastConnection().send(new ServerPacket.Pong());
        h.runFor(Time.seconds(20));
        assertThat(server.pingTimes()).isNotEmpty();
        assertThat(h.client.lastZxid()).isEqualTo(101);

        replyWith(0, 0);
        h.client.exists("/a", false);
        settle();
        assertThat(h.client.lastZxid()).as("a zero reply zxid is ignored").isEqualTo(101);

        replyWith(Code.NODEEXISTS.intValue(), 120);
        CompletionStage<String> failed = h.client.create("/a", null, CreateMode.PERSISTENT);
        settle();
        assertThat(Outcomes.code(failed)).isEqualTo(Code.NODEEXISTS);
        assertThat(Outcomes.failure(failed).getPath()).isEqualTo("/a");
        assertThat(h.client.lastZxid()).as("a failed write's error txn zxid counts").isEqualTo(120);
    }

    @Test
    void watchesAreRegisteredOnlyWhenTheReplyAllowsIt() {
        connect();
        Watcher w = event -> { };
        replyWith(Code.NONODE.intValue(), 100);
        CompletionStage<ZooKeeperClient.DataAndStat> missingData = h.client.getData("/d", w);
        CompletionStage<List<String>> missingChildren = h.client.getChildren("/c", w);
        CompletionStage<Stat> missingNode = h.client.exists("/e", w);
        settle();
        assertThat(Outcomes.code(missingData)).isEqualTo(Code.NONODE);
        assertThat(Outcomes.code(missingChildren)).isEqualTo(Code.NONODE);
        assertThat(Outcomes.value(missingNode)).isNull();
        assertThat(h.client.watchManager().watchers(ClientWatchKind.DATA, "/d")).isEmpty();
        assertThat(h.client.watchManager().watchers(ClientWatchKind.CHILD, "/c")).isEmpty();
        assertThat(h.client.watchManager().watchers(ClientWatchKind.EXIST, "/e")).containsExactly(w);

        replyWith(0, 100);
        h.client.getData("/d", w);
        h.client.getChildren2("/c", w);
        h.client.exists("/f", w);
        h.client.getData("/n", null);
        settle();
        assertThat(h.client.watchManager().watchers(ClientWatchKind.DATA, "/d")).containsExactly(w);
        assertThat(h.client.watchManager().watchers(ClientWatchKind.CHILD, "/c")).containsExactly(w);
        assertThat(h.client.watchManager().watchers(ClientWatchKind.DATA, "/f")).containsExactly(w);
        assertThat(h.client.watchManager().watchers(ClientWatchKind.DATA, "/n")).isEmpty();
        assertThat(server.requests()).extracting(ClientPacket.Request::operation).contains(
                new Operation.GetData("/d", true), new Operation.GetChildren("/c", true, true),
                new Operation.Exists("/f", true), new Operation.GetData("/n", false));
    }

    @Test
    void aConnectionLossRegistersNoWatch() {
        connect();
        server.silent = true;
        Watcher w = event -> { };
        CompletionStage<Stat> lost = h.client.exists("/e", w);
        h.runFor(Time.seconds(25));
        assertThat(Outcomes.code(lost)).isEqualTo(Code.CONNECTIONLOSS);
        assertThat(h.client.watchManager().isEmpty()).isTrue();
    }

    @Test
    void aNotificationAheadOfAReplyIsDeliveredFirst() {
        connect();
        List<String> log = new ArrayList<>();
        h.client.getData("/a", event -> log.add("watch " + event.type() + " " + event.path()));
        settle();
        server.onRequest = request -> List.of(
                new ServerPacket.Notification(WatchedEvent.node(EventType.NodeDataChanged, "/a", 101)),
                new ServerPacket.Reply(request.xid(), 101, 0, new Response.StatResponse(FakeServer.STAT)));
        h.client.setData("/a", new byte[] {1}, -1).thenRun(() -> log.add("setData reply"));
        settle();
        assertThat(log).containsExactly("watch NodeDataChanged /a", "setData reply");
        assertThat(h.client.watchManager().isEmpty()).as("the one-shot watch was consumed").isTrue();
    }

    @Test
    void repliesCompleteInArrivalOrderWithTypedValues() {
        connect();
        List<String> log = new ArrayList<>();
        h.client.create("/s-", new byte[] {1}, CreateMode.PERSISTENT_SEQUENTIAL).thenAccept(path -> log.add("create " + path));
        h.client.createWithStat("/w", null, CreateMode.EPHEMERAL).thenAccept(created -> log.add("create2 " + created.path()));
        h.client.getChildren("/", false).thenAccept(children -> log.add("children " + children));
        h.client.delete("/w", 3).thenRun(() -> log.add("delete"));
        h.client.sync("/").thenAccept(path -> log.add("sync " + path));
        settle();
        assertThat(log).containsExactly("create /s-", "create2 /w", "children [b, a]", "delete", "sync /");
        assertThat(server.requests()).extracting(ClientPacket.Request::xid).containsExactly(1, 2, 3, 4, 5);
    }

    @Test
    void aReplyWithAnUnexpectedXidDropsTheConnection() {
        connect();
        server.onRequest = request -> List.of(new ServerPacket.Reply(request.xid() + 7, 101, 0, new Response.Empty()));
        CompletionStage<Void> deleted = h.client.delete("/a", -1);
        settle();
        assertThat(Outcomes.code(deleted)).isEqualTo(Code.CONNECTIONLOSS);
        assertThat(h.traced(ClientEvent.Disconnected.class).get(0).reason()).contains("xid");
    }

    @Test
    void dataArraysAreCopiedAtTheBoundary() {
        connect();
        byte[] data = {1, 2, 3};
        h.client.setData("/a", data, -1);
        data[0] = 9;
        settle();
        assertThat(((Operation.SetData) server.requests().get(0).operation()).data()).containsExactly(1, 2, 3);
    }

    @Test
    void invalidPathsThrowSynchronouslyAndSendNothing() {
        connect();
        assertThatThrownBy(() -> h.client.create("a", null, CreateMode.PERSISTENT)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> h.client.getData("/a/", false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> h.client.exists("/a//b", true)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> h.client.create("/a/", null, CreateMode.PERSISTENT)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> h.client.sync("")).isInstanceOf(IllegalArgumentException.class);
        settle();
        assertThat(server.requests()).isEmpty();
        // A sequential create validates path + "1", so a trailing slash is fine.
        h.client.create("/a/", null, CreateMode.PERSISTENT_SEQUENTIAL);
        settle();
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void anEmptyMultiCompletesAtOnceAndAnInvalidOpThrows() {
        connect();
        assertThat(Outcomes.value(h.client.multi(List.of()))).isEmpty();
        assertThatThrownBy(() -> h.client.multi(List.of(Op.create("/ok", null, CreateMode.PERSISTENT), Op.delete("bad", -1))))
                .isInstanceOf(IllegalArgumentException.class);
        settle();
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void aFailedMultiCompletesWithTheFirstErrorAndTheWholeResultList() {
        connect();
        List<OpResult> results = List.of(new OpResult.ErrorResult(0), new OpResult.ErrorResult(Code.BADVERSION.intValue()),
                new OpResult.ErrorResult(Code.RUNTIMEINCONSISTENCY.intValue()));
        server.onRequest = request -> List.of(new ServerPacket.Reply(request.xid(), 101, 0, new Response.MultiResponse(results)));
        CompletionStage<List<OpResult>> multi = h.client.multi(List.of(Op.create("/a", null, CreateMode.PERSISTENT),
                Op.setData("/a", null, 5), Op.delete("/b", -1)));
        settle();
        KeeperException failure = Outcomes.failure(multi);
        assertThat(failure.code()).isEqualTo(Code.BADVERSION);
        assertThat(failure.getResults()).isEqualTo(results);
        assertThat(h.client.lastZxid()).isEqualTo(101);
    }

    @Test
    void aSuccessfulMultiCompletesWithItsResults() {
        connect();
        List<OpResult> results = List.of(new OpResult.CreateResult("/a"), new OpResult.DeleteResult());
        server.onRequest = request -> List.of(new ServerPacket.Reply(request.xid(), 101, 0, new Response.MultiResponse(results)));
        CompletionStage<List<OpResult>> multi = h.client.multi(List.of(Op.create("/a", null, CreateMode.PERSISTENT), Op.delete("/b", -1)));
        settle();
        assertThat(Outcomes.value(multi)).isEqualTo(results);
    }
}

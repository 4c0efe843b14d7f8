package dev.zksim.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.Op;
import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.Response;
import dev.zksim.protocol.ServerPacket;
import dev.zksim.protocol.ServerPacket.Reply;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class WritePathTest {
    private final ServerHarness harness = new ServerHarness(ServerConfig.defaults(1));

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aNewSessionIsTheFirstTransactionAndTheResponseCarriesTheNegotiatedTimeout() {
        RawClient client = harness.session("c1", 10_000);
        ServerPacket.ConnectResponse response = (ServerPacket.ConnectResponse) client.packets().getFirst();
        assertThat(response.timeoutMs()).isEqualTo(10_000);
        assertThat(response.sessionId() >>> 56).as("high byte is the server id").isEqualTo(1);
        assertThat(harness.server().lastProcessedZxid()).isEqualTo(1);
        assertThat(harness.server().introspection().sessions()).containsEntry(response.sessionId(), 10_000);
        RawClient tooShort = harness.session("c2", 10);
        RawClient tooLong = harness.session("c3", 1_000_000);
        assertThat(tooShort.timeoutMs).isEqualTo(4_000);
        assertThat(tooLong.timeoutMs).isEqualTo(40_000);
        assertThat(tooShort.sessionId).isNotEqualTo(client.sessionId).isNotEqualTo(tooLong.sessionId);
        assertThat(harness.server().lastProcessedZxid()).isEqualTo(3);
    }

    @Test
    void createGetSetDeleteAnswerWithExactStats() {
        RawClient client = harness.session("c1", 10_000);
        long createdAt = (harness.now() + ServerHarness.LINK_DELAY) / 1000;
        Reply created = harness.call(client, new Operation.Create("/a", bytes("x"), CreateMode.PERSISTENT, true));
        Stat stat = new Stat(2, 2, createdAt, createdAt, 0, 0, 0, 0, 1, 0, 2);
        assertThat(created).isEqualTo(new Reply(1, 2, 0, new Response.CreateResponse("/a", stat)));

        Reply read = harness.call(client, new Operation.GetData("/a", false));
        assertThat(read.response()).isEqualTo(new Response.DataResponse(bytes("x"), stat));
        assertThat(read.zxid()).isEqualTo(2);

        long setAt = (harness.now() + ServerHarness.LINK_DELAY) / 1000;
        Reply set = harness.call(client, new Operation.SetData("/a", bytes("yz"), 0));
        assertThat(set.response()).isEqualTo(new Response.StatResponse(new Stat(2, 3, createdAt, setAt, 1, 0, 0, 0, 2, 0, 2)));

        Reply badVersion = harness.call(client, new Operation.SetData("/a", bytes("q"), 0));
        assertThat(badVersion.err()).isEqualTo(Code.BADVERSION.intValue());
        assertThat(badVersion.zxid()).as("the failed write consumed zxid 4").isEqualTo(4);

        assertThat(harness.call(client, new Operation.Delete("/a", 1))).isEqualTo(new Reply(5, 5, 0, new Response.Empty()));
        Reply exists = harness.call(client, new Operation.Exists("/a", false));
        assertThat(exists.err()).isEqualTo(Code.NONODE.intValue());
        Stat root = harness.call(client, new Operation.Exists("/", false)).response() instanceof Response.StatResponse s ? s.stat() : null;
        assertThat(root.cversion()).as("visible cversion of / after a create and a delete").isEqualTo(1);
        assertThat(root.pzxid()).isEqualTo(5);
    }

    @Test
    void failedWritesLeaveGapsInCzxid() {
        RawClient client = harness.session("c1", 10_000);
        harness.call(client, new Operation.Create("/a", null, CreateMode.PERSISTENT, false));
        Reply exists = harness.call(client, new Operation.Create("/a", null, CreateMode.PERSISTENT, false));
        assertThat(exists.err()).isEqualTo(Code.NODEEXISTS.intValue());
        Reply noParent = harness.call(client, new Operation.Create("/x/y", null, CreateMode.PERSISTENT, false));
        assertThat(noParent.err()).isEqualTo(Code.NONODE.intValue());
        Reply b = harness.call(client, new Operation.Create("/b", null, CreateMode.PERSISTENT, true));
        assertThat(((Response.CreateResponse) b.response()).stat().czxid()).isEqualTo(5);
        assertThat(b.zxid()).isEqualTo(5);
        assertThat(harness.call(client, new Operation.Create("/c", null, CreateMode.PERSISTENT, false)).response())
                .isEqualTo(new Response.PathResponse("/c"));
    }

    @Test
    void multiAnswersPerOpResultsOrTheFailureList() {
        RawClient client = harness.session("c1", 10_000);
        Reply ok = harness.call(client, new Operation.Multi(List.of(
                Op.create("/m", null, CreateMode.PERSISTENT),
                Op.create("/m/c", bytes("1"), CreateMode.PERSISTENT),
                Op.check("/m", 0))));
        assertThat(ok.err()).isZero();
        assertThat(ok.response()).isEqualTo(new Response.MultiResponse(List.of(
                new OpResult.CreateResult("/m"), new OpResult.CreateResult("/m/c"), new OpResult.CheckResult())));

        Reply failed = harness.call(client, new Operation.Multi(List.of(
                Op.setData("/m", bytes("v"), -1),
                Op.delete("/m", -1),
                Op.create("/n", null, CreateMode.PERSISTENT))));
        assertThat(failed.err()).as("a failed multi answers 0 on the wire").isZero();
        assertThat(failed.response()).isEqualTo(new Response.MultiResponse(List.of(
                new OpResult.ErrorResult(0), new OpResult.ErrorResult(Code.NOTEMPTY.intValue()),
                new OpResult.ErrorResult(Code.RUNTIMEINCONSISTENCY.intValue()))));
        assertThat(failed.zxid()).isEqualTo(3);
        assertThat(harness.server().database().tree().getData("/m").stat().version()).as("nothing applied").isZero();
        assertThat(harness.server().database().tree().exists("/n")).isFalse();
    }

    @Test
    void sequentialNamesCountEveryChildEverCreated() {
        RawClient client = harness.session("c1", 10_000);
        harness.call(client, new Operation.Create("/q", null, CreateMode.PERSISTENT, false));
        harness.call(client, new Operation.Create("/q/plain", null, CreateMode.PERSISTENT, false));
        harness.call(client, new Operation.Delete("/q/plain", -1));
        Reply first = harness.call(client, new Operation.Create("/q/n-", null, CreateMode.PERSISTENT_SEQUENTIAL, false));
        Reply second = harness.call(client, new Operation.Create("/q/n-", null, CreateMode.EPHEMERAL_SEQUENTIAL, false));
        assertThat(first.response()).isEqualTo(new Response.PathResponse("/q/n-0000000001"));
        assertThat(second.response()).isEqualTo(new Response.PathResponse("/q/n-0000000002"));
        Reply children = harness.call(client, new Operation.GetChildren("/q", false, false));
        assertThat(children.response()).isEqualTo(new Response.ChildrenResponse(List.of("n-0000000001", "n-0000000002"), null));
    }

    @Test
    void pipelinedWritesAndReadsOfASessionAreAnsweredInOrder() {
        RawClient client = harness.session("c1", 10_000);
        int create = client.request(new Operation.Create("/p", bytes("1"), CreateMode.PERSISTENT, false));
        int read = client.request(new Operation.GetData("/p", false));
        int set = client.request(new Operation.SetData("/p", bytes("2"), -1));
        int reread = client.request(new Operation.GetData("/p", false));
        harness.runMillis(10);
        assertThat(client.replies()).extracting(Reply::xid).containsExactly(create, read, set, reread);
        assertThat(((Response.DataResponse) client.reply(read).response()).data()).isEqualTo(bytes("1"));
        assertThat(((Response.DataResponse) client.reply(reread).response()).data()).isEqualTo(bytes("2"));
    }

    @Test
    void anOversizedRequestClosesTheConnectionWithoutAnAnswer() {
        ServerHarness small = new ServerHarness(ServerConfig.defaults(1).withMaxBuffer(100));
        RawClient client = small.session("c1", 10_000);
        int xid = client.request(new Operation.Create("/big", new byte[200], CreateMode.PERSISTENT, false));
        small.runMillis(10);
        assertThat(client.hasReply(xid)).isFalse();
        assertThat(client.closes).hasSize(1);
        assertThat(small.server().database().tree().exists("/big")).isFalse();
        assertThat(small.server().introspection().connectionCount()).isZero();
        assertThat(small.server().lastProcessedZxid()).as("no txn for the dropped request").isEqualTo(1);
    }

    @Test
    void syncAnswersWithItsPathAfterEarlierWritesOfOtherSessions() {
        ServerHarness slow = new ServerHarness(1, ServerConfig.defaults(1).withFsyncLatency(
                new dev.zksim.kernel.choice.Distribution.Constant(5_000)), dev.zksim.kernel.disk.CrashPolicy.LOSE_UNSYNCED,
                new dev.zksim.kernel.choice.Distribution.Constant(ServerHarness.LINK_DELAY));
        RawClient writer = slow.session("w", 10_000);
        RawClient syncer = slow.session("s", 10_000);
        writer.request(new Operation.Create("/s", null, CreateMode.PERSISTENT, false));
        slow.runFor(100);
        int sync = syncer.request(new Operation.Sync("/s"));
        int read = syncer.request(new Operation.Exists("/s", false));
        slow.runMillis(20);
        assertThat(syncer.reply(sync).response()).isEqualTo(new Response.PathResponse("/s"));
        assertThat(syncer.reply(sync).zxid()).isEqualTo(3);
        assertThat(syncer.reply(read).err()).isZero();
    }
}

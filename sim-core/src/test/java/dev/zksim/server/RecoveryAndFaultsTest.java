package dev.zksim.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.kernel.trace.DeterminismCheck;
import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.Response;
import dev.zksim.protocol.ServerPacket;
import dev.zksim.server.persist.TxnLogStore;
import dev.zksim.server.tree.DataTreeSnapshot;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecoveryAndFaultsTest {
    private static final Distribution FSYNC = new Distribution.Uniform(Time.millis(1), Time.millis(4));
    private static final Distribution LINKS = new Distribution.Uniform(Time.millis(1), Time.millis(3));

    private static ServerHarness slowDisk(long seed, CrashPolicy policy, int snapCount) {
        return new ServerHarness(seed, ServerConfig.defaults(1).withFsyncLatency(FSYNC).withSnapCount(snapCount), policy, LINKS);
    }

    @Test
    void aRestartRecoversExactlyTheAppliedTreeAndLosesNothingAcknowledged() {
        for (long seed = 1; seed <= 20; seed++) {
            ServerHarness harness = slowDisk(seed, CrashPolicy.LOSE_UNSYNCED, 7);
            RawClient client = harness.session("c1", 30_000);
            List<Integer> xids = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                xids.add(client.request(new Operation.Create("/n" + i, null, CreateMode.PERSISTENT, false)));
                harness.runFor(harness.simulation.choices().stream("test").longIn(0, Time.millis(1)));
            }
            DataTreeSnapshot beforeCrash = harness.server().database().tree().snapshot();
            harness.serverProcess.crash();
            harness.serverProcess.start();
            assertThat(harness.server().database().tree().snapshot()).as("seed " + seed).isEqualTo(beforeCrash);
            for (ServerPacket.Reply reply : client.replies()) {
                String path = ((Response.PathResponse) reply.response()).path();
                assertThat(harness.server().database().tree().exists(path)).as("acknowledged " + path).isTrue();
            }
            assertThat(harness.server().introspection().sessions()).containsKey(client.sessionId);
        }
    }

    @Test
    void recoveryStartsFromTheNewestSnapshotAndReplaysTheLogAfterIt() {
        ServerHarness harness = slowDisk(3, CrashPolicy.KEEP_PREFIX_AND_TEAR, 4);
        RawClient client = harness.session("c1", 30_000);
        for (int i = 0; i < 10; i++) {
            harness.call(client, new Operation.Create("/s" + i, new byte[] {(byte) i}, CreateMode.PERSISTENT, false));
        }
        long digest = harness.server().introspection().treeDigest();
        // snapCount 4 snapshots after every 3 or 4 txns (ZooKeeper's randomised rule), so
        // the 11 txns (a session and ten creates) leave at least two snapshots.
        assertThat(new TxnLogStore(harness.serverProcess.disk()).snapshotNames()).hasSizeGreaterThanOrEqualTo(2);
        harness.serverProcess.crash();
        harness.serverProcess.start();
        assertThat(harness.server().introspection().treeDigest()).isEqualTo(digest);
        assertThat(harness.server().lastProcessedZxid()).isEqualTo(11);
        ServerEvent.Started started = harness.simulation.trace().recent().stream().map(TraceRecord::event)
                .filter(ServerEvent.Started.class::isInstance).map(ServerEvent.Started.class::cast).toList().getLast();
        assertThat(started.snapshotZxid()).as("recovered from a snapshot of the last few txns").isBetween(8L, 11L);
        assertThat(started).isEqualTo(new ServerEvent.Started(started.snapshotZxid(), (int) (11 - started.snapshotZxid()), 11, 1));
    }

    @Test
    void aRestartedServerServesTheOldSessionAndItsWatchesCanBeReset() {
        ServerHarness harness = new ServerHarness(ServerConfig.defaults(1));
        RawClient client = harness.session("c1", 10_000);
        harness.call(client, new Operation.Create("/eph", null, CreateMode.EPHEMERAL, false));
        harness.serverProcess.crash();
        harness.runMillis(5);
        assertThat(client.closes).hasSize(1);
        harness.serverProcess.start();
        client.connect(ServerHarness.SERVER);
        harness.runMillis(5);
        client.send(new ClientPacket.ConnectRequest(client.lastZxid(), 10_000, client.sessionId, client.password));
        harness.runMillis(5);
        assertThat(client.packets().getLast()).isEqualTo(new ServerPacket.ConnectResponse(10_000, client.sessionId, client.password));
        assertThat(harness.call(client, new Operation.Exists("/eph", false)).err()).isZero();
    }

    @Test
    void aLostReplyResetsTheConnectionAfterTheWriteWasApplied() {
        ServerHarness harness = new ServerHarness(ServerConfig.defaults(1));
        RawClient client = harness.session("c1", 10_000);
        assertThat(harness.server().faults().dropReplyTo(client.sessionId, 1)).isTrue();
        int xid = client.request(new Operation.Create("/lost", null, CreateMode.PERSISTENT, false));
        harness.runMillis(10);
        assertThat(client.hasReply(xid)).isFalse();
        assertThat(client.closes).hasSize(1);
        assertThat(harness.server().database().tree().exists("/lost")).isTrue();
        assertThat(harness.server().introspection().connectionCount()).isZero();
        assertThat(harness.server().introspection().sessions()).containsKey(client.sessionId);
        assertThat(harness.server().faults().dropReplyTo(client.sessionId, 2)).as("no connection now").isFalse();
    }

    @Test
    void theSameSeedGivesTheSameTraceDigest() {
        String digest = DeterminismCheck.verify(sink -> {
            ServerHarness harness = slowDisk(42, CrashPolicy.KEEP_PREFIX_AND_TEAR, 5);
            if (sink != null) {
                harness.simulation.trace().addSink(sink);
            }
            scriptedWorkload(harness);
            return harness.simulation.trace().digest();
        });
        ServerHarness other = slowDisk(43, CrashPolicy.KEEP_PREFIX_AND_TEAR, 5);
        scriptedWorkload(other);
        assertThat(other.simulation.trace().digest()).as("another seed draws other delays").isNotEqualTo(digest);
    }

    private static void scriptedWorkload(ServerHarness harness) {
        RawClient a = harness.session("a", 6_000);
        RawClient b = harness.session("b", 6_000);
        harness.call(a, new Operation.Create("/d", null, CreateMode.PERSISTENT, false));
        b.request(new Operation.GetChildren("/d", true, false));
        for (int i = 0; i < 10; i++) {
            a.request(new Operation.Create("/d/e-", null, CreateMode.EPHEMERAL_SEQUENTIAL, false));
            b.request(new Operation.Exists("/d/e-000000000" + i, true));
        }
        harness.runMillis(50);
        harness.serverProcess.crash();
        harness.serverProcess.start();
        harness.runMillis(20_000);
    }
}

package dev.zksim.ensemble;

import static dev.zksim.ensemble.QuorumHarness.bytes;
import static dev.zksim.ensemble.QuorumHarness.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.kernel.Time;
import dev.zksim.server.ServerRole;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Crashes, partitions, restarts and lag under a quorum, seen through the real client library. */
class QuorumFaultsTest {

    /** Issues creates of /k-i from every client, remembering which ones were acknowledged. */
    private static List<CompletableFuture<String>> writeBurst(List<QuorumHarness.Client> clients, String prefix, int each) {
        List<CompletableFuture<String>> writes = new ArrayList<>();
        for (int i = 0; i < each; i++) {
            for (int c = 0; c < clients.size(); c++) {
                writes.add(clients.get(c).zk.create("/" + prefix + "-" + c + "-" + i, null, CreateMode.PERSISTENT)
                        .toCompletableFuture());
            }
        }
        return writes;
    }

    private static TreeSet<String> acknowledged(List<CompletableFuture<String>> writes) {
        TreeSet<String> paths = new TreeSet<>();
        for (CompletableFuture<String> write : writes) {
            if (write.isDone() && !write.isCompletedExceptionally()) {
                paths.add(write.join());
            }
        }
        return paths;
    }

    private static void assertEveryRunningServerHolds(QuorumHarness h, TreeSet<String> paths) {
        for (String id : h.ensemble.serverIds()) {
            h.ensemble.server(id).ifPresent(server -> assertThat(paths)
                    .allSatisfy(path -> assertThat(server.database().tree().exists(path)).as(id + " holds " + path).isTrue()));
        }
    }

    @Test
    void leaderCrashWithWritesInFlightLosesNoAcknowledgedWrite() {
        QuorumHarness h = new QuorumHarness(31, 3);
        String leader = h.awaitServing(Time.seconds(10));
        List<QuorumHarness.Client> clients = new ArrayList<>();
        for (String id : h.ensemble.serverIds()) {
            clients.add(h.client(id, id.equals("s1") ? "s2" : "s1"));
        }
        List<CompletableFuture<String>> writes = writeBurst(clients, "k", 20);
        while (acknowledged(writes).size() < 5) {
            h.ensemble.runFor(Time.millis(1));
        }
        h.ensemble.faults().crash(leader);
        String next = h.awaitNewLeader(leader, Time.seconds(15));
        h.ensemble.runFor(Time.seconds(8));
        assertThat(writes).allMatch(CompletableFuture::isDone);
        long lost = writes.stream().filter(CompletableFuture::isCompletedExceptionally).count();
        assertThat(lost).as("some writes were in flight on the crashed leader's connections").isPositive();
        for (CompletableFuture<String> write : writes) {
            if (write.isCompletedExceptionally()) {
                write.handle((value, error) -> {
                    Throwable cause = error instanceof KeeperException ? error : error.getCause();
                    assertThat(((KeeperException) cause).code()).isEqualTo(KeeperException.Code.CONNECTIONLOSS);
                    return null;
                }).join();
            }
        }
        TreeSet<String> acked = acknowledged(writes);
        assertThat(acked).isNotEmpty();
        assertEveryRunningServerHolds(h, acked);
        assertThat(h.server(next).currentEpoch()).isGreaterThan(1);
        h.ensemble.zabInvariants().assertHolds();
    }

    @Test
    void aCutOffFollowersClientsMoveToOtherServers() {
        QuorumHarness h = new QuorumHarness(32, 3);
        String leader = h.awaitServing(Time.seconds(10));
        String follower = h.follower();
        QuorumHarness.Client client = h.client(follower, leader);
        assertThat(client.zk.currentServer()).isEqualTo(follower);
        long session = client.zk.sessionId();
        h.ensemble.faults().isolate(follower);
        h.ensemble.runFor(Time.seconds(15));
        assertThat(h.server(follower).isServing()).as("a follower without its leader stops serving").isFalse();
        assertThat(h.server(follower).role()).isEqualTo(ServerRole.LOOKING);
        assertThat(h.ensemble.leader()).contains(leader);
        assertThat(client.zk.currentServer()).isEqualTo(leader);
        assertThat(client.zk.sessionId()).isEqualTo(session);
        assertThat(client.events).contains(WatchedEvent.session(KeeperState.Disconnected));
        assertThat(h.await(client.zk.create("/moved", null, CreateMode.PERSISTENT))).isEqualTo("/moved");
        h.ensemble.faults().heal();
        h.awaitServing(Time.seconds(15));
        h.ensemble.runFor(Time.seconds(1));
        assertThat(h.server(follower).database().tree().exists("/moved")).as("the healed follower caught up").isTrue();
    }

    @Test
    void anIsolatedLeaderStepsDownAndTheMajorityElectsANewOne() {
        QuorumHarness h = new QuorumHarness(33, 5);
        String old = h.awaitServing(Time.seconds(10));
        long oldEpoch = h.server(old).currentEpoch();
        String survivorServer = h.follower();
        QuorumHarness.Client client = h.client(survivorServer);
        h.await(client.zk.create("/before", null, CreateMode.PERSISTENT));
        h.ensemble.faults().isolate(old);
        String next = h.awaitNewLeader(old, Time.seconds(30));
        h.ensemble.runFor(Time.seconds(12));
        assertThat(h.server(old).role()).as("the old leader stepped down").isNotEqualTo(ServerRole.LEADING);
        assertThat(h.server(old).isServing()).isFalse();
        assertThat(h.server(next).currentEpoch()).isGreaterThan(oldEpoch);
        assertThat(h.await(client.zk.create("/after", null, CreateMode.PERSISTENT))).isEqualTo("/after");
        assertThat(h.await(client.zk.exists("/before", false))).isNotNull();
        h.ensemble.zabInvariants().assertHolds();
    }

    @Test
    void aWholeEnsembleRestartKeepsEveryAcknowledgedWrite() {
        QuorumHarness h = new QuorumHarness(34, 3, config -> config.withCrashPolicy(
                dev.zksim.kernel.disk.CrashPolicy.LOSE_UNSYNCED));
        h.awaitServing(Time.seconds(10));
        List<QuorumHarness.Client> clients = List.of(h.client("s1"), h.client("s2"), h.client("s3"));
        List<CompletableFuture<String>> writes = writeBurst(clients, "d", 60);
        h.ensemble.runFor(Time.millis(40));
        for (String id : h.ensemble.serverIds()) {
            h.ensemble.faults().crash(id);
        }
        TreeSet<String> acked = acknowledged(writes);
        assertThat(acked).isNotEmpty();
        h.ensemble.runFor(Time.seconds(1));
        for (String id : h.ensemble.serverIds()) {
            h.ensemble.faults().restart(id);
        }
        h.awaitServing(Time.seconds(20));
        h.ensemble.runFor(Time.seconds(1));
        assertEveryRunningServerHolds(h, acked);
        QuorumHarness.Client reader = h.client("s1", "s2", "s3");
        assertThat(h.await(reader.zk.getChildren("/", false))).containsAll(
                acked.stream().map(path -> path.substring(1)).toList());
        h.ensemble.zabInvariants().assertHolds();
    }

    @Test
    void aFollowerBehindTheClientsLastZxidIsRefusedUntilItCatchesUp() {
        QuorumHarness h = new QuorumHarness(35, 3);
        String leader = h.awaitServing(Time.seconds(10));
        List<String> followers = h.ensemble.serverIds().stream().filter(id -> !id.equals(leader)).toList();
        QuorumHarness.Client client = h.client(followers.get(0), followers.get(1));
        // The client's host list is shuffled: the follower it is on will crash, the other lags.
        String other = client.zk.currentServer();
        String lagging = other.equals(followers.get(0)) ? followers.get(1) : followers.get(0);
        assertThat(h.server(lagging).faults().lagFor(Time.seconds(6))).isTrue();
        assertThat(h.server(leader).faults().lagFor(Time.seconds(6))).as("only a follower lags").isFalse();
        h.await(client.zk.create("/ahead", bytes("v"), CreateMode.PERSISTENT));
        assertThat(h.server(lagging).lastProcessedZxid()).isLessThan(client.zk.lastZxid());
        List<String> refusals = new ArrayList<>();
        h.ensemble.simulation().trace().addSink(record -> {
            if (record.process().equals(lagging) && record.event() instanceof dev.zksim.server.ServerEvent.ConnectionRefused r) {
                refusals.add(r.reason());
            }
        });
        h.ensemble.faults().crash(other);
        h.ensemble.runFor(Time.seconds(3));
        assertThat(refusals).isNotEmpty().allMatch(reason -> reason.contains("ahead"));
        assertThat(client.zk.state()).isNotEqualTo(dev.zksim.client.ClientState.CONNECTED);
        h.ensemble.runFor(Time.seconds(5));
        assertThat(client.zk.currentServer()).isEqualTo(lagging);
        assertThat(client.events.getLast()).isEqualTo(WatchedEvent.session(KeeperState.SyncConnected));
        assertThat(text(h.await(client.zk.getData("/ahead", false)).data())).isEqualTo("v");
    }

    @Test
    void syncOnALaggingFollowerThenReadSeesTheLatestWrite() {
        QuorumHarness h = new QuorumHarness(36, 3);
        String leader = h.awaitServing(Time.seconds(10));
        String lagging = h.follower();
        QuorumHarness.Client writer = h.client(leader);
        QuorumHarness.Client reader = h.client(lagging);
        h.await(writer.zk.create("/s", bytes("v1"), CreateMode.PERSISTENT));
        h.ensemble.runFor(Time.millis(100));
        assertThat(h.server(lagging).faults().lagFor(Time.seconds(3))).isTrue();
        h.await(writer.zk.setData("/s", bytes("v2"), -1));
        assertThat(text(h.await(reader.zk.getData("/s", false)).data())).as("a plain read may be stale").isEqualTo("v1");
        long before = h.ensemble.simulation().now();
        var synced = reader.zk.sync("/s").thenCompose(path -> reader.zk.getData("/s", false));
        assertThat(text(h.await(synced).data())).isEqualTo("v2");
        assertThat(h.ensemble.simulation().now() - before).as("the sync waited for the lag").isGreaterThan(Time.seconds(2));
    }

    @Test
    void aLaggingFollowerAnswersItsClientsWritesOnlyOnceApplied() {
        QuorumHarness h = new QuorumHarness(37, 3);
        h.awaitServing(Time.seconds(10));
        String lagging = h.follower();
        QuorumHarness.Client client = h.client(lagging);
        assertThat(h.server(lagging).faults().lagFor(Time.seconds(2))).isTrue();
        CompletableFuture<String> write = client.zk.create("/late", null, CreateMode.PERSISTENT).toCompletableFuture();
        h.ensemble.runFor(Time.seconds(1));
        assertThat(write).isNotDone();
        assertThat(h.ensemble.leader().map(h::server).orElseThrow().database().tree().exists("/late")).isTrue();
        h.ensemble.runFor(Time.seconds(2));
        assertThat(write).isCompletedWithValue("/late");
        assertThat(h.server(lagging).database().tree().exists("/late")).isTrue();
    }

    @Test
    void theSameSeedGivesTheSameTraceDigest() {
        assertThat(digestOfRun(38)).isEqualTo(digestOfRun(38)).isNotEqualTo(digestOfRun(39));
    }

    private static String digestOfRun(long seed) {
        QuorumHarness h = new QuorumHarness(seed, 3);
        String leader = h.awaitServing(Time.seconds(10));
        List<QuorumHarness.Client> clients = List.of(h.client("s1", "s2", "s3"), h.client("s3", "s2", "s1"));
        writeBurst(clients, "t", 10);
        h.ensemble.runFor(Time.millis(5));
        h.ensemble.faults().crash(leader);
        h.awaitNewLeader(leader, Time.seconds(15));
        h.ensemble.runFor(Time.seconds(5));
        return h.ensemble.simulation().trace().digest();
    }
}

package dev.zksim.ensemble;

import static dev.zksim.ensemble.QuorumHarness.bytes;
import static dev.zksim.ensemble.QuorumHarness.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.kernel.Time;
import dev.zksim.server.ServerRole;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The simulated client library against 3- and 5-server quorum ensembles, end to end. */
class QuorumEndToEndTest {

    @ParameterizedTest
    @ValueSource(ints = {3, 5, 7})
    void electsALeaderAndServesClientsOnEveryServer(int size) {
        QuorumHarness h = new QuorumHarness(7, size);
        String leader = h.awaitServing(Time.seconds(10));
        assertThat(h.server(leader).role()).isEqualTo(ServerRole.LEADING);
        int followers = 0;
        for (String id : h.ensemble.serverIds()) {
            if (!id.equals(leader)) {
                assertThat(h.server(id).role()).isEqualTo(ServerRole.FOLLOWING);
                followers++;
            }
            QuorumHarness.Client client = h.client(id);
            assertThat(client.events).contains(WatchedEvent.session(KeeperState.SyncConnected));
            assertThat(client.zk.sessionId() >>> 56).as("session id high byte is the server id")
                    .isEqualTo(Long.parseLong(id.substring(1)));
            assertThat(h.await(client.zk.create("/from-" + id, bytes(id), CreateMode.PERSISTENT))).isEqualTo("/from-" + id);
        }
        assertThat(followers).isEqualTo(size - 1);
        h.ensemble.runFor(Time.seconds(1));
        for (String id : h.ensemble.serverIds()) {
            assertThat(h.server(id).database().tree().exists("/from-" + id)).isTrue();
            assertThat(h.server(id).introspection().treeDigest()).isEqualTo(h.server(leader).introspection().treeDigest());
        }
        h.ensemble.zabInvariants().assertHolds();
    }

    @Test
    void aWriteThroughAFollowerIsVisibleOnEveryServerWithEpochZxids() {
        QuorumHarness h = new QuorumHarness(11, 3);
        String leader = h.awaitServing(Time.seconds(10));
        String follower = h.follower();
        QuorumHarness.Client writer = h.client(follower);
        assertThat(h.await(writer.zk.create("/a", bytes("x"), CreateMode.PERSISTENT))).isEqualTo("/a");
        long epoch = h.server(leader).currentEpoch();
        var created = h.await(writer.zk.exists("/a", false));
        assertThat(created.czxid() >>> 32).as("zxid epoch").isEqualTo(epoch);
        for (String id : h.ensemble.serverIds()) {
            QuorumHarness.Client reader = h.client(id);
            assertThat(text(h.await(reader.zk.sync("/a").thenCompose(p -> reader.zk.getData("/a", false))).data()))
                    .isEqualTo("x");
        }
    }

    /**
     * A new leader whose term has proposed nothing yet answers a sync at once, as ZooKeeper's
     * does while no proposal is outstanding. The sync used to wait for the term's first write,
     * so in a quiet term it never completed.
     */
    @Test
    void aSyncInANewTermWithoutWritesCompletes() {
        QuorumHarness h = new QuorumHarness(13, 3);
        String leader = h.awaitServing(Time.seconds(10));
        String[] others = h.ensemble.serverIds().stream().filter(id -> !id.equals(leader)).toArray(String[]::new);
        QuorumHarness.Client client = h.client(others);
        assertThat(h.await(client.zk.create("/a", bytes("x"), CreateMode.PERSISTENT))).isEqualTo("/a");
        long epoch = h.server(others[0]).currentEpoch();
        h.ensemble.faults().crash(leader);
        h.ensemble.runFor(Time.seconds(10));
        String successor = h.awaitServing(Time.seconds(10));
        assertThat(h.server(successor).currentEpoch()).isGreaterThan(epoch);
        assertThat(h.await(client.zk.sync("/a"))).isEqualTo("/a");
        assertThat(h.server(successor).lastProcessedZxid() >>> 32).as("no txn in the new term").isEqualTo(epoch);
    }
}

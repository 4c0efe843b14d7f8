package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.kernel.Time;
import dev.zksim.server.ServerRole;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Liveness of the quorum after faults: work accepted while a quorum is missing completes
 * once one is back, and a follower cut off from its leader notices within syncLimit.
 */
class QuorumLivenessTest {

    /**
     * The leader proposes while it is alone (one follower crashed, the other cut off). When
     * the crashed follower restarts, it is synced by DIFF with those proposals, so together
     * with the leader a quorum holds them: they must commit and the client must get its
     * reply, as ZooKeeper's learner acks the outstanding proposals it received during sync.
     */
    @Test
    void proposalsMadeWithoutAQuorumCommitOnceASyncedFollowerHoldsThem() {
        QuorumHarness h = new QuorumHarness(41, 3);
        String leader = h.awaitServing(Time.seconds(10));
        List<String> followers = h.ensemble.serverIds().stream().filter(id -> !id.equals(leader)).toList();
        String crashed = followers.get(0);
        String cutOff = followers.get(1);
        QuorumHarness.Client client = h.client(leader);
        h.await(client.zk.create("/before", null, CreateMode.PERSISTENT));

        h.ensemble.faults().crash(crashed);
        h.ensemble.faults().isolate(cutOff);
        CompletableFuture<String> during = client.zk.create("/during", null, CreateMode.PERSISTENT)
                .toCompletableFuture();
        h.ensemble.runFor(Time.millis(500));
        assertThat(during).as("no quorum holds the proposal yet").isNotDone();

        // After the heal the cut-off follower still believes in the leader (its connection
        // stays cut), so it vouches for the leader to the restarted one, as in ZooKeeper.
        h.ensemble.faults().heal();
        h.ensemble.faults().restart(crashed);
        long end = h.ensemble.simulation().now() + Time.seconds(5);
        while (!during.isDone() && h.ensemble.simulation().now() < end) {
            h.ensemble.runFor(Time.millis(10));
        }
        assertThat(h.server(leader).role()).as("the leader kept a quorum").isEqualTo(ServerRole.LEADING);
        assertThat(during).as("committed once the restarted follower synced it").isCompletedWithValue("/during");
        h.ensemble.runFor(Time.millis(200));
        assertThat(h.server(crashed).database().tree().exists("/during")).isTrue();
        assertThat(h.await(client.zk.create("/after", null, CreateMode.PERSISTENT))).isEqualTo("/after");
        h.ensemble.zabInvariants().assertHolds();
    }
}

package dev.zksim.server.zab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.Time;
import java.util.List;
import org.junit.jupiter.api.Test;

class ZabBasicsTest {

    @Test
    void singlePeerLeadsAndCommits() {
        ZabHarness h = new ZabHarness(1, 1);
        h.startAll();
        long leader = h.awaitLeader(Time.seconds(5));
        assertThat(leader).isEqualTo(1);
        List<Long> zxids = h.proposeSome(3);
        h.runFor(Time.millis(100));
        assertThat(zxids).containsExactly(0x100000001L, 0x100000002L, 0x100000003L);
        assertThat(h.apps.get(1L).payloads()).containsExactly("p1", "p2", "p3");
        h.assertConverged();
    }

    @Test
    void freshEnsembleElectsHighestSid() {
        for (int size : new int[] {3, 5}) {
            ZabHarness h = new ZabHarness(7, size);
            h.startAll();
            long leader = h.awaitLeader(Time.seconds(10));
            assertThat(leader).isEqualTo(size);
            h.runFor(Time.seconds(1));
            for (QuorumPeer peer : h.peers.values()) {
                assertThat(peer.leaderId()).isEqualTo(size);
                assertThat(peer.isServing()).isTrue();
                assertThat(peer.currentEpoch()).isEqualTo(1);
            }
        }
    }

    @Test
    void proposalsCommitInOrderOnAllPeers() {
        ZabHarness h = new ZabHarness(3, 3);
        h.startAll();
        long leader = h.awaitLeader(Time.seconds(10));
        List<Long> zxids = h.proposeSome(50);
        h.runFor(Time.seconds(1));
        assertThat(zxids).hasSize(50).isSorted();
        for (long sid = 1; sid <= 3; sid++) {
            ListApp app = h.apps.get(sid);
            assertThat(app.state).extracting(LogEntry::zxid).containsExactlyElementsOf(zxids);
            assertThat(h.peers.get(sid).lastCommittedZxid()).isEqualTo(zxids.getLast());
        }
        assertThat(h.peers.get(leader).lastLoggedZxid()).isEqualTo(zxids.getLast());
        h.assertConverged();
    }
}

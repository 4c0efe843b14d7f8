package dev.zksim.server.zab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.disk.CrashPolicy;
import java.util.List;
import org.junit.jupiter.api.Test;

class ZabFaultsTest {

    private static ZabHarness started(long seed, int size) {
        ZabHarness h = new ZabHarness(seed, size);
        h.startAll();
        h.awaitLeader(Time.seconds(10));
        return h;
    }

    @Test
    void peerWithLongerLogWinsOverHigherSid() {
        ZabHarness h = started(11, 3);
        h.proposeSome(3);
        h.net.isolate("s2");
        h.proposeSome(5);
        h.runFor(Time.millis(200));
        h.processes.get(3L).crash();
        h.net.heal();
        long leader = h.awaitLeader(Time.seconds(20));
        assertThat(leader).isEqualTo(1);
        assertThat(h.peers.get(1L).currentEpoch()).isEqualTo(2);
        assertThat(h.syncModesFor(2)).last().isEqualTo("DIFF");
        h.runFor(Time.seconds(1));
        assertThat(h.apps.get(2L).payloads()).containsExactly("p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8");
        h.assertConverged();
    }

    @Test
    void leaderCrashWithProposalsInFlight() {
        for (long seed = 1; seed <= 10; seed++) {
            ZabHarness h = started(seed, 3);
            long old = h.servingLeader().orElseThrow();
            h.proposeSome(5);
            for (int i = 0; i < 10; i++) {
                h.peers.get(old).propose("inflight" + i);
            }
            h.runFor(seed * 700);
            List<Object> committedBefore = List.copyOf(h.invariants.committed().values());
            h.processes.get(old).crash();
            long leader = h.awaitLeaderOtherThan(old, Time.seconds(20));
            h.proposeSome(3);
            h.processes.get(old).start();
            h.runFor(Time.seconds(3));
            assertThat(h.peers.get(old).leaderId()).isEqualTo(leader);
            h.assertConverged();
            List<Object> payloads = h.apps.get(old).payloads();
            assertThat(payloads).startsWith(committedBefore.toArray()).doesNotHaveDuplicates();
            assertThat(payloads).endsWith("p6", "p7", "p8");
        }
    }

    @Test
    void followerInMinorityPartitionDoesNotStopTheMajority() {
        ZabHarness h = started(21, 3);
        h.net.isolate("s1");
        h.runFor(Time.seconds(1));
        assertThat(h.servingLeader()).contains(3L);
        assertThat(h.peers.get(1L).role()).isEqualTo(Role.LOOKING);
        List<Long> zxids = h.proposeSome(10);
        h.runFor(Time.millis(300));
        assertThat(h.peers.get(2L).lastCommittedZxid()).isEqualTo(zxids.getLast());
        h.net.heal();
        h.runFor(Time.seconds(5));
        assertThat(h.peers.get(1L).leaderId()).isEqualTo(3);
        assertThat(h.syncModesFor(1)).last().isEqualTo("DIFF");
        h.assertConverged();
        assertThat(h.apps.get(1L).state).hasSize(10);
    }

    @Test
    void isolatedLeaderStepsDownAndMajorityElectsAnother() {
        ZabHarness h = started(22, 5);
        h.proposeSome(4);
        h.runFor(Time.millis(100));
        h.net.partition(h.ids(5, 1), h.ids(2, 3, 4));
        h.runFor(Time.seconds(3));
        assertThat(h.peers.get(5L).role()).isNotEqualTo(Role.LEADING);
        assertThat(h.events("s5", ZabEvent.StepDown.class)).isNotEmpty();
        long leader = h.awaitLeaderOtherThan(5, Time.seconds(10));
        assertThat(leader).isEqualTo(4);
        assertThat(h.peers.get(4L).currentEpoch()).isEqualTo(2);
        h.proposeSome(4);
        h.net.heal();
        h.runFor(Time.seconds(5));
        assertThat(h.peers.get(5L).leaderId()).isEqualTo(4);
        assertThat(h.apps.get(5L).payloads()).containsExactly("p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8");
        h.assertConverged();
        assertThat(h.invariants.leaders()).containsEntry(1L, 5L).containsEntry(2L, 4L);
    }

    @Test
    void staleLeaderSuffixIsTruncated() {
        ZabHarness h = started(23, 3);
        h.proposeSome(3);
        h.runFor(Time.millis(100));
        h.net.partition(h.ids(3), h.ids(1, 2));
        QuorumPeer stale = h.peers.get(3L);
        stale.propose("orphan1");
        stale.propose("orphan2");
        h.runFor(Time.millis(50));
        assertThat(stale.lastLoggedZxid()).isEqualTo(0x100000005L);
        long leader = h.awaitLeaderOtherThan(3, Time.seconds(10));
        assertThat(leader).isEqualTo(2);
        h.proposeSome(2);
        h.net.heal();
        h.runFor(Time.seconds(5));
        assertThat(h.syncModesFor(3)).last().isEqualTo("TRUNC");
        assertThat(h.events("s3", ZabEvent.Truncated.class)).extracting(ZabEvent.Truncated::toZxid)
                .contains("0x100000003");
        assertThat(h.apps.get(3L).payloads()).containsExactly("p1", "p2", "p3", "p4", "p5");
        assertThat(stale.loggedTxns()).extracting(LogEntry::payload).doesNotContain("orphan1", "orphan2");
        h.assertConverged();
    }

    @Test
    void farBehindFollowerGetsSnapshot() {
        ZabHarness h = new ZabHarness(24, 3, CrashPolicy.LOSE_UNSYNCED, c -> c.withSnapshots(7, 10));
        h.startAll();
        h.awaitLeader(Time.seconds(10));
        h.proposeSome(3);
        h.processes.get(1L).crash();
        h.proposeSome(30);
        h.processes.get(1L).start();
        h.runFor(Time.seconds(3));
        assertThat(h.syncModesFor(1)).last().isEqualTo("SNAP");
        assertThat(h.apps.get(1L).state).hasSize(33);
        h.proposeSome(3);
        h.runFor(Time.seconds(1));
        h.processes.get(1L).crash();
        h.processes.get(1L).start();
        h.runFor(Time.seconds(3));
        assertThat(h.apps.get(1L).state).hasSize(36);
        h.assertConverged();
    }

    @Test
    void wholeEnsembleRestartKeepsCommittedTxns() {
        for (CrashPolicy policy : List.of(CrashPolicy.LOSE_UNSYNCED, CrashPolicy.KEEP_PREFIX_AND_TEAR)) {
            for (long seed = 30; seed < 36; seed++) {
                ZabHarness h = new ZabHarness(seed, 3, policy, c -> c.withSnapshots(5, 500));
                h.startAll();
                h.awaitLeader(Time.seconds(10));
                h.proposeSome(12);
                long leader = h.servingLeader().orElseThrow();
                for (int i = 0; i < 5; i++) {
                    h.peers.get(leader).propose("late" + i);
                }
                h.runFor(seed * 300);
                int committedBefore = h.invariants.committed().size();
                h.processes.values().forEach(p -> p.crash());
                h.runFor(Time.millis(100));
                h.startAll();
                h.awaitLeader(Time.seconds(20));
                h.runFor(Time.seconds(2));
                h.assertConverged();
                assertThat(h.invariants.committed()).hasSizeGreaterThanOrEqualTo(committedBefore);
                assertThat(h.apps.get(1L).state).hasSizeGreaterThanOrEqualTo(12);
            }
        }
    }

    @Test
    void oneWayPartitionFromLeaderMovesLeadership() {
        ZabHarness h = started(25, 3);
        h.proposeSome(3);
        h.runFor(Time.millis(100));
        h.net.partitionOneWay(h.ids(3), h.ids(1, 2));
        long leader = h.awaitLeaderOtherThan(3, Time.seconds(10));
        assertThat(leader).isEqualTo(2);
        assertThat(h.peers.get(3L).role()).isNotEqualTo(Role.LEADING);
        h.proposeSome(3);
        h.net.heal();
        h.runFor(Time.seconds(5));
        h.assertConverged();
        assertThat(h.apps.get(3L).state).hasSize(6);
    }

    @Test
    void appMessagesTravelBothWays() {
        ZabHarness h = started(26, 3);
        assertThat(h.peers.get(1L).sendToLeader("touch")).isTrue();
        assertThat(h.peers.get(3L).sendToLearner(2, "hello")).isTrue();
        h.peers.get(3L).broadcastToLearners("all");
        h.runFor(Time.millis(100));
        assertThat(h.apps.get(3L).fromLearners).containsExactly("1:touch");
        assertThat(h.apps.get(2L).fromLeader).containsExactly("hello", "all");
        assertThat(h.apps.get(1L).fromLeader).containsExactly("all");
    }
}

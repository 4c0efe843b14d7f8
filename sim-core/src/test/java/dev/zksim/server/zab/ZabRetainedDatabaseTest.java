package dev.zksim.server.zab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.disk.CrashPolicy;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/**
 * ZooKeeper's in-memory database grain, which ZOOKEEPER-2845's flag turns on: a start replays
 * every logged txn into memory, a TRUNC reloads memory from the cut log, and a peer keeps its
 * database across an election, reporting the database's zxid rather than its log's. The
 * stale-leader story is the JIRA's: a leader logs txns nobody else gets, loses its quorum,
 * and follows the new leader from its database's zxid.
 */
class ZabRetainedDatabaseTest {

    private static ZabHarness withRetainedDatabase(long seed) {
        ZabHarness h = new ZabHarness(seed, 3, CrashPolicy.LOSE_UNSYNCED,
                c -> c.withBugs(EnumSet.of(KnownBug.ZK_2845)));
        h.startAll();
        h.awaitLeader(Time.seconds(10));
        return h;
    }

    /** Peer 3 leads epoch 1, logs two orphans in a minority partition; peer 2 leads epoch 2. */
    private static QuorumPeer staleLeaderWithOrphans(ZabHarness h) {
        h.proposeSome(3);
        h.runFor(Time.millis(100));
        h.net.partition(h.ids(3), h.ids(1, 2));
        QuorumPeer stale = h.peers.get(3L);
        stale.propose("orphan1");
        stale.propose("orphan2");
        h.runFor(Time.millis(50));
        assertThat(h.awaitLeaderOtherThan(3, Time.seconds(10))).isEqualTo(2);
        h.proposeSome(2);
        return stale;
    }

    @Test
    void aStaleLeaderKeepingItsDatabaseGetsADiffAndItsOrphansBecomePhantomsAtItsRestart() {
        ZabHarness h = withRetainedDatabase(23);
        QuorumPeer stale = staleLeaderWithOrphans(h);
        assertThat(stale.lastProcessedZxid()).isEqualTo(0x100000003L);
        assertThat(stale.lastLoggedZxid()).isEqualTo(0x100000005L);

        h.net.heal();
        h.runFor(Time.seconds(5));
        assertThat(h.syncModesFor(3)).last().isEqualTo("DIFF");
        assertThat(h.apps.get(3L).payloads()).containsExactly("p1", "p2", "p3", "p4", "p5");
        assertThat(stale.loggedTxns()).extracting(LogEntry::payload).contains("orphan1", "orphan2");
        h.invariants.assertHolds();

        h.processes.get(3L).crash();
        h.processes.get(3L).start();
        h.runFor(Time.seconds(5));
        assertThat(h.apps.get(3L).payloads()).containsExactly("p1", "p2", "p3", "orphan1", "orphan2", "p4", "p5");
        assertThat(h.invariants.violations()).anySatisfy(violation ->
                assertThat(violation).contains("skipped 0x100000004 (delivered by 3)"));
    }

    @Test
    void aRestartReplaysTheOrphansIntoMemoryAndTheTruncReloadsItFromTheCutLog() {
        ZabHarness h = withRetainedDatabase(23);
        QuorumPeer stale = staleLeaderWithOrphans(h);
        h.processes.get(3L).crash();
        h.processes.get(3L).start();
        h.runFor(Time.millis(10));
        stale = h.peers.get(3L);
        assertThat(h.apps.get(3L).payloads()).containsExactly("p1", "p2", "p3", "orphan1", "orphan2");
        assertThat(stale.lastProcessedZxid()).isEqualTo(0x100000005L);
        assertThat(stale.lastCommittedZxid()).isZero();

        h.net.heal();
        h.runFor(Time.seconds(5));
        assertThat(h.syncModesFor(3)).last().isEqualTo("TRUNC");
        assertThat(h.apps.get(3L).payloads()).containsExactly("p1", "p2", "p3", "p4", "p5");
        h.assertConverged();
    }

    @Test
    void withoutTheFlagTheStaleLeaderReportsItsLogAndIsTruncated() {
        ZabHarness h = new ZabHarness(23, 3);
        h.startAll();
        h.awaitLeader(Time.seconds(10));
        QuorumPeer stale = staleLeaderWithOrphans(h);
        assertThat(stale.lastProcessedZxid()).isEqualTo(0x100000005L);
        h.net.heal();
        h.runFor(Time.seconds(5));
        h.processes.get(3L).crash();
        h.processes.get(3L).start();
        h.runFor(Time.seconds(5));
        assertThat(h.syncModesFor(3)).contains("TRUNC");
        assertThat(h.apps.get(3L).payloads()).containsExactly("p1", "p2", "p3", "p4", "p5");
        h.assertConverged();
    }
}

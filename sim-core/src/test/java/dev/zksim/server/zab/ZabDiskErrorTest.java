package dev.zksim.server.zab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.kernel.process.SimProcess;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The disk-error fault on a Zab peer: a failed txn log fsync ends the peer's term as 3.9.5's
 * dead SyncThread does, a failed snapshot write exits the process, and ZOOKEEPER-4882 is the
 * difference between keeping memory ahead of the log (the flag) and reloading it (the fix).
 * Peer 3 leads the first epoch (equal zxids, highest sid); follower 1 has the slow disk, so
 * the leader commits with peer 2 and follower 1 applies commits before its own fsync ends.
 */
class ZabDiskErrorTest {
    private static final long FOLLOWER = 1;

    private static ZabHarness started(long seed, int snapshotEvery, Set<KnownBug> bugs) {
        ZabHarness h = new ZabHarness(seed, 3, CrashPolicy.LOSE_UNSYNCED, config -> withDisk(config, snapshotEvery, bugs));
        h.startAll();
        assertThat(h.awaitLeader(Time.seconds(10))).isEqualTo(3);
        return h;
    }

    /** Follower 1 takes 200 ms per fsync, the others 20 ms. */
    private static ZabConfig withDisk(ZabConfig config, int snapshotEvery, Set<KnownBug> bugs) {
        long fsync = config.myId() == FOLLOWER ? Time.millis(200) : Time.millis(20);
        return new ZabConfig(config.myId(), config.members(), config.tickTimeMs(), config.initLimit(), config.syncLimit(),
                snapshotEvery, config.committedLogWindow(), config.finalizeWait(), config.maxNotificationInterval(),
                new Distribution.Constant(fsync), bugs);
    }

    /** Five txns commit while follower 1's log write hangs and then fails; the error ends; it rejoins, then restarts. */
    private static ZabHarness failLogWriteThenRestart(Set<KnownBug> bugs) {
        ZabHarness h = started(7, 1000, bugs);
        SimProcess follower = h.processes.get(FOLLOWER);
        follower.disk().setFailingWrites(true);
        h.proposeSome(5);
        h.runFor(Time.millis(300));
        follower.disk().setFailingWrites(false);
        h.awaitLeader(Time.seconds(5));
        h.runFor(Time.seconds(2));
        h.proposeSome(3);
        h.runFor(Time.seconds(1));
        follower.crash();
        follower.start();
        h.runFor(Time.seconds(3));
        return h;
    }

    @Test
    void aFailedLogWriteEndsTheTermAndTheReloadedFollowerKeepsEveryCommittedTxnAcrossARestart() {
        ZabHarness h = failLogWriteThenRestart(KnownBug.NONE);

        assertThat(h.events("s1", ZabEvent.DiskWriteFailed.class)).extracting(ZabEvent.DiskWriteFailed::write)
                .containsExactly("txn log fsync");
        assertThat(h.events("s1", ZabEvent.LeaderLost.class)).extracting(ZabEvent.LeaderLost::reason)
                .contains("txn log write failed: SyncThread exited");
        assertThat(h.events("s1", ZabEvent.AfterLogFailure.class)).extracting(ZabEvent.AfterLogFailure::outcome)
                .containsExactly("memory ahead of disk: reloaded");
        assertThat(h.processes.get(FOLLOWER).state()).isEqualTo(SimProcess.State.RUNNING);
        h.assertConverged();
        assertThat(h.apps.get(FOLLOWER).payloads()).containsExactly("p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8");
    }

    @Test
    void withZookeeper4882TheFollowerKeepsMemoryAheadOfItsLogAndLosesCommittedTxnsAtTheRestart() {
        assertThatThrownBy(() -> failLogWriteThenRestart(EnumSet.of(KnownBug.ZK_4882)).assertConverged())
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("peer 1 skipped committed");
    }

    @Test
    void aFailedSnapshotWriteExitsTheProcessWhichIsStartedAgainAndCatchesUp() {
        ZabHarness h = started(3, 2, KnownBug.NONE);
        SimProcess follower = h.processes.get(FOLLOWER);
        follower.disk().setFailingWrites(true);
        h.proposeSome(3);
        h.runFor(Time.millis(100));

        assertThat(h.events("s1", ZabEvent.DiskWriteFailed.class)).extracting(ZabEvent.DiskWriteFailed::outcome)
                .containsExactly("the process exits");
        assertThat(follower.state()).isEqualTo(SimProcess.State.CRASHED);
        follower.disk().setFailingWrites(false);
        h.runFor(QuorumPeer.RESTART_AFTER_EXIT + Time.seconds(3));
        assertThat(follower.incarnation()).isEqualTo(2);
        h.assertConverged();
        assertThat(h.apps.get(FOLLOWER).payloads()).containsExactly("p1", "p2", "p3");
    }
}

package dev.zksim.server.zab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.disk.CrashPolicy;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * ZOOKEEPER-4925's story on five peers: s5 restarts and catches up by a DIFF, which it applies
 * during SYNC; it leads once s3 crashes, and s4, stale since before the DIFF, rejoins. With the
 * flag the DIFF's txns never reached s5's committedLog, and its DIFF to s4 skips them.
 */
class ZabCommittedLogTest {

    private static ZabHarness staleRejoinsTheRestartedLeader(Set<KnownBug> bugs) {
        ZabHarness h = new ZabHarness(41, 5, CrashPolicy.LOSE_UNSYNCED, c -> c.withBugs(bugs));
        h.startAll();
        assertThat(h.awaitLeader(Time.seconds(10))).isEqualTo(5);
        h.proposeSome(3);
        h.runFor(Time.millis(100));
        h.processes.get(5L).crash();
        h.processes.get(4L).crash();
        assertThat(h.awaitLeader(Time.seconds(10))).isEqualTo(3);
        h.proposeSome(3);
        h.runFor(Time.millis(100));
        h.processes.get(5L).start();
        h.runFor(Time.seconds(2));
        h.proposeSome(2);
        h.runFor(Time.millis(100));
        h.processes.get(3L).crash();
        assertThat(h.awaitLeaderOtherThan(3, Time.seconds(10))).isEqualTo(5);
        h.processes.get(4L).start();
        h.runFor(Time.seconds(3));
        return h;
    }

    @Test
    void theRestartedLeadersDiffSkipsTheTxnsItAppliedDuringSync() {
        ZabHarness h = staleRejoinsTheRestartedLeader(EnumSet.of(KnownBug.ZK_4925));
        assertThat(h.syncModesFor(4)).last().isEqualTo("DIFF");
        assertThat(h.invariants.violations()).anySatisfy(violation ->
                assertThat(violation).contains("peer 4 skipped committed 0x200000001"));
        assertThat(h.apps.get(4L).payloads()).doesNotContain("p4", "p5", "p6");
    }

    @Test
    void withoutTheFlagTheStalePeerGetsEveryTxn() {
        ZabHarness h = staleRejoinsTheRestartedLeader(KnownBug.NONE);
        assertThat(h.syncModesFor(4)).last().isEqualTo("DIFF");
        assertThat(h.apps.get(4L).payloads()).containsExactly("p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8");
        h.assertConverged();
    }
}

package dev.zksim.herd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.report.herd.HerdRow;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The harness's numbers where the protocol makes them exact, the fitted growth over 2..32
 * clients, and that a run is a pure function of its settings.
 */
class HerdRunTest {
    private static final HerdSettings SETTINGS = HerdSettings.defaults();

    private static HerdRow measure(Variant variant, int clients) {
        return HerdRun.measure(variant, clients, SETTINGS);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5, 8})
    void theHerdFreeLockWakesOneWaiterPerRelease(int n) {
        HerdRow row = measure(Variant.HERD_FREE_LOCK, n);
        assertThat(row.acquisitions()).isEqualTo(n);
        assertThat(row.wakeups()).as("one wakeup per handoff").isEqualTo(n - 1);
        assertThat(row.futileWakeups()).isLessThanOrEqualTo(row.handoffs()).isZero();
        // Besides the n-1 wakeups, each releaser hears of its own node's deletion (its own-node
        // watch), after it stopped waiting: notifications, but no wakeups.
        assertThat(row.notifications()).isEqualTo(2L * n - 1);
        assertThat(row.peakBurst()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void everyReleaseOfTheLockFileWakesEveryWaiterTwice(int n) {
        HerdRow row = measure(Variant.LOCK_FILE, n);
        assertThat(row.acquisitions()).isEqualTo(n);
        // The paper's n(n-1)/2 for the deletions, and as many again for the winner's create,
        // which fires the exists watches the waiters set while the file was missing.
        assertThat(row.wakeups()).isGreaterThanOrEqualTo((long) n * (n - 1) / 2).isEqualTo((long) n * (n - 1));
        assertThat(row.futileWakeups()).isEqualTo((long) (n - 1) * (n - 1));
    }

    @Test
    void watchingTheLowestNodeOrTheLeaderNodeWakesEveryRemainingWaiter() {
        for (Variant variant : List.of(Variant.LOWEST_WATCH_LOCK, Variant.SEED_ARTICLE_ELECTION)) {
            HerdRow row = measure(variant, 8);
            assertThat(row.wakeups()).as(variant.label()).isEqualTo(8 * 7 / 2);
            assertThat(row.futileWakeups()).as(variant.label()).isEqualTo(8 * 7 / 2 - 7);
        }
    }

    @Test
    void thePredecessorElectionAndTheWriteLockWakeOnePerHandoff() {
        for (Variant variant : List.of(Variant.LEADER_ELECTION, Variant.WRITE_LOCK)) {
            HerdRow row = measure(variant, 8);
            assertThat(row.acquisitions()).as(variant.label()).isEqualTo(8);
            assertThat(row.wakeups()).as(variant.label()).isEqualTo(7);
            assertThat(row.futileWakeups()).as(variant.label()).isZero();
        }
    }

    @Test
    void theDoubleBarrierWakesEachParticipantOnceToEnterAndOnceToLeave() {
        HerdRow row = measure(Variant.DOUBLE_BARRIER, 8);
        assertThat(row.acquisitions()).isEqualTo(8);
        assertThat(row.handoffs()).isEqualTo(8);
        assertThat(row.wakeups()).isEqualTo(16);
        // The lowest participant's last delete wakes the other seven at once.
        assertThat(row.peakBurst()).isGreaterThanOrEqualTo(7);
    }

    @Test
    void theLockFileGrowsQuadraticallyAndTheHerdFreeLockLinearly() {
        List<Integer> counts = List.of(2, 4, 8, 16, 32);
        assertThat(slope(Variant.LOCK_FILE, counts)).isGreaterThan(1.7);
        assertThat(slope(Variant.HERD_FREE_LOCK, counts)).isLessThan(1.3);
    }

    @Test
    void aRunIsAPureFunctionOfItsSettingsAndWorksOnAQuorumToo() {
        assertThat(measure(Variant.LOWEST_WATCH_LOCK, 6)).isEqualTo(measure(Variant.LOWEST_WATCH_LOCK, 6));
        HerdRow quorum = HerdRun.measure(Variant.HERD_FREE_LOCK, 4, SETTINGS.withServers(3));
        assertThat(quorum.wakeups()).isEqualTo(3);
    }

    private static double slope(Variant variant, List<Integer> counts) {
        List<HerdRow> rows = new ArrayList<>();
        counts.forEach(n -> rows.add(measure(variant, n)));
        return HerdSweep.slope(rows);
    }
}

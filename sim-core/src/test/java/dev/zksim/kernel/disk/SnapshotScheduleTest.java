package dev.zksim.kernel.disk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class SnapshotScheduleTest {

    /** The txn counts at which the schedule fired, over a run of txns. */
    private static List<Integer> gaps(SnapshotSchedule schedule, int txns) {
        List<Integer> gaps = new ArrayList<>();
        int since = 0;
        for (int i = 0; i < txns; i++) {
            since++;
            if (schedule.countTxn()) {
                gaps.add(since);
                since = 0;
            }
        }
        return gaps;
    }

    @Test
    void snapshotsFallBetweenHalfAndAllOfSnapCountAsInZooKeeper() {
        List<Integer> gaps = gaps(new SnapshotSchedule(100, new SeededChoices(7)), 100_000);
        assertThat(gaps).allSatisfy(gap -> assertThat(gap).isBetween(51, 100));
        assertThat(new TreeSet<>(gaps).size()).as("the roll is drawn anew after every snapshot").isGreaterThan(20);
        assertThat(gaps.size()).isBetween(100_000 / 100, 100_000 / 51);
    }

    @Test
    void theScheduleIsAFunctionOfTheSeed() {
        assertThat(gaps(new SnapshotSchedule(1000, new SeededChoices(3)), 50_000))
                .isEqualTo(gaps(new SnapshotSchedule(1000, new SeededChoices(3)), 50_000))
                .isNotEqualTo(gaps(new SnapshotSchedule(1000, new SeededChoices(4)), 50_000));
    }

    @Test
    void aResetStartsTheCountOver() {
        SnapshotSchedule schedule = new SnapshotSchedule(4, new SeededChoices(1));
        for (int round = 0; round < 50; round++) {
            schedule.countTxn();
            schedule.reset();
        }
        assertThat(gaps(schedule, 2)).as("two txns never reach a threshold above snapCount/2").isEmpty();
    }

    @Test
    void aTinySnapCountSnapshotsAfterEveryTxnAndZeroIsRefused() {
        assertThat(gaps(new SnapshotSchedule(1, new SeededChoices(1)), 5)).containsExactly(1, 1, 1, 1, 1);
        assertThatThrownBy(() -> new SnapshotSchedule(0, new SeededChoices(1))).isInstanceOf(IllegalArgumentException.class);
    }
}

package dev.zksim.server.zab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ZKDatabase.committedLog's bookkeeping, and the leader's sync over a committedLog with holes. */
class CommittedLogTest {

    private static List<LogEntry> entries(long... zxids) {
        List<LogEntry> entries = new ArrayList<>();
        for (long zxid : zxids) {
            entries.add(new LogEntry(zxid, "t" + Long.toHexString(zxid)));
        }
        return entries;
    }

    @Test
    void itKeepsTheLastCountTxnsAndIgnoresOnesItHolds() {
        CommittedLog log = new CommittedLog(3, true);
        for (long counter = 1; counter <= 5; counter++) {
            log.add(Zxid.make(1, counter));
        }
        log.add(Zxid.make(1, 4));
        assertThat(log.size()).isEqualTo(3);
        assertThat(log.min()).isEqualTo(Zxid.make(1, 3));
        assertThat(log.max()).isEqualTo(Zxid.make(1, 5));
        log.add(Zxid.make(2, 1));
        assertThat(log.max()).isEqualTo(Zxid.make(2, 1));
    }

    @Test
    void zooKeeper395RefusesAHoleWithinAnEpochAndTheBuggyVersionTakesIt() {
        CommittedLog fixed = new CommittedLog(500, true);
        fixed.add(Zxid.make(1, 1));
        assertThatThrownBy(() -> fixed.add(Zxid.make(1, 3))).hasMessageContaining("cached out of order");

        CommittedLog buggy = new CommittedLog(500, false);
        buggy.add(Zxid.make(1, 1));
        buggy.add(Zxid.make(1, 3));
        assertThat(buggy.skips(Zxid.make(1, 2))).isTrue();
        assertThat(buggy.skips(Zxid.make(1, 1))).isFalse();
        assertThat(buggy.skips(Zxid.make(1, 4))).isFalse();
    }

    @Test
    void aFollowerBeforeTheHoleGetsADiffThatSkipsIt() {
        List<LogEntry> history = entries(0x100000001L, 0x100000002L, 0x100000006L, 0x200000001L);
        SyncPlanner.Plan plan = SyncPlanner.planOverHoles(history, 0, 0x200000001L, 0x100000002L, 500);
        assertThat(plan).isEqualTo(new SyncPlanner.Plan.Diff(entries(0x100000006L, 0x200000001L)));
    }

    @Test
    void aFollowerInsideTheHoleIsTruncatedWhenTheNextTxnIsOfItsEpochAndGetsASnapOtherwise() {
        List<LogEntry> sameEpochNext = entries(0x100000001L, 0x100000006L, 0x200000001L);
        assertThat(SyncPlanner.planOverHoles(sameEpochNext, 0, 0x200000001L, 0x100000004L, 500))
                .isEqualTo(new SyncPlanner.Plan.Trunc(0x100000001L, entries(0x100000006L, 0x200000001L)));

        List<LogEntry> newEpochNext = entries(0x100000001L, 0x200000001L);
        assertThat(SyncPlanner.planOverHoles(newEpochNext, 0, 0x200000001L, 0x100000004L, 500))
                .isEqualTo(new SyncPlanner.Plan.Snap());
    }

    @Test
    void aFollowerAtTheLeadersLastProcessedZxidGetsOnlyTheProposalsInFlightEvenInsideAHole() {
        List<LogEntry> history = entries(0x100000001L, 0x100000006L);
        assertThat(SyncPlanner.planOverHoles(history, 0, 0x100000005L, 0x100000005L, 500))
                .isEqualTo(new SyncPlanner.Plan.Diff(entries(0x100000006L)));
    }
}

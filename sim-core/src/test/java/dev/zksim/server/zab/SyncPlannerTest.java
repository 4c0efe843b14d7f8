package dev.zksim.server.zab;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SyncPlannerTest {
    private static final long E1 = 1;
    private static final long E2 = 2;

    private static List<LogEntry> log(long... zxids) {
        List<LogEntry> log = new ArrayList<>();
        for (long zxid : zxids) {
            log.add(new LogEntry(zxid, "t" + Zxid.hex(zxid)));
        }
        return log;
    }

    private static long z(long epoch, long counter) {
        return Zxid.make(epoch, counter);
    }

    private final List<LogEntry> leader = log(z(E1, 1), z(E1, 2), z(E1, 3), z(E2, 1), z(E2, 2));

    @Test
    void upToDateFollowerGetsEmptyDiff() {
        assertThat(SyncPlanner.plan(leader, 0, z(E2, 2), 10)).isEqualTo(new SyncPlanner.Plan.Diff(List.of()));
    }

    @Test
    void laggingFollowerGetsTheMissingTxns() {
        assertThat(SyncPlanner.plan(leader, 0, z(E1, 2), 10)).isEqualTo(new SyncPlanner.Plan.Diff(leader.subList(2, 5)));
        assertThat(SyncPlanner.plan(leader, 0, 0, 10)).isEqualTo(new SyncPlanner.Plan.Diff(leader));
    }

    @Test
    void followerWithUnseenSuffixInAKnownEpochIsTruncated() {
        assertThat(SyncPlanner.plan(leader, 0, z(E1, 5), 10))
                .isEqualTo(new SyncPlanner.Plan.Trunc(z(E1, 3), leader.subList(3, 5)));
        assertThat(SyncPlanner.plan(leader, 0, z(E2, 7), 10)).isEqualTo(new SyncPlanner.Plan.Trunc(z(E2, 2), List.of()));
    }

    @Test
    void followerWithAWholeUnknownEpochGetsSnap() {
        List<LogEntry> older = log(z(E1, 1), z(E1, 2), z(3, 1));
        assertThat(SyncPlanner.plan(older, 0, z(E2, 4), 10)).isEqualTo(new SyncPlanner.Plan.Snap());
    }

    @Test
    void followerBeyondTheWindowOrBeforeTheBaseGetsSnap() {
        assertThat(SyncPlanner.plan(leader, 0, z(E1, 1), 3)).isEqualTo(new SyncPlanner.Plan.Snap());
        assertThat(SyncPlanner.plan(leader, 0, z(E1, 2), 3)).isInstanceOf(SyncPlanner.Plan.Diff.class);
        List<LogEntry> afterSnap = log(z(E2, 1), z(E2, 2));
        assertThat(SyncPlanner.plan(afterSnap, z(E1, 3), z(E1, 2), 10)).isEqualTo(new SyncPlanner.Plan.Snap());
        assertThat(SyncPlanner.plan(afterSnap, z(E1, 3), z(E1, 3), 10)).isEqualTo(new SyncPlanner.Plan.Diff(afterSnap));
        assertThat(SyncPlanner.plan(afterSnap, z(E1, 3), z(E1, 9), 10))
                .isEqualTo(new SyncPlanner.Plan.Trunc(z(E1, 3), afterSnap));
    }

    @Test
    void votesOrderByEpochThenZxidThenSid() {
        assertThat(new Vote(1, z(E1, 1), 2).beats(new Vote(3, z(E1, 9), 1))).isTrue();
        assertThat(new Vote(1, z(E1, 9), 1).beats(new Vote(3, z(E1, 1), 1))).isTrue();
        assertThat(new Vote(3, z(E1, 1), 1).beats(new Vote(1, z(E1, 1), 1))).isTrue();
        assertThat(new Vote(1, z(E1, 1), 1).beats(new Vote(1, z(E1, 1), 1))).isFalse();
    }
}

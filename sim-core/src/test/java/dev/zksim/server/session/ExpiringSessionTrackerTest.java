package dev.zksim.server.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.server.prep.SessionCheck;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExpiringSessionTrackerTest {
    private final Simulation simulation = new Simulation(new SeededChoices(1));
    private final SimProcess process = new SimProcess(simulation, "s", p -> () -> { }, CrashPolicy.LOSE_UNSYNCED);
    private final List<String> expired = new ArrayList<>();
    private final ExpiringSessionTracker tracker;

    ExpiringSessionTrackerTest() {
        process.start();
        tracker = new ExpiringSessionTracker(process, 2000, (id, timeout) -> expired.add(id + "@" + simulation.now()));
    }

    @Test
    void deadlinesRoundUpStrictlyToTheNextTick() {
        long tick = Time.millis(2000);
        assertThat(ExpiringSessionTracker.deadline(0, Time.millis(4000), tick)).isEqualTo(Time.millis(6000));
        assertThat(ExpiringSessionTracker.deadline(1, Time.millis(4000), tick)).isEqualTo(Time.millis(6000));
        assertThat(ExpiringSessionTracker.deadline(Time.millis(1999), Time.millis(4000), tick)).isEqualTo(Time.millis(6000));
    }

    @Test
    void aWholeBucketExpiresAtItsBoundaryAndTouchesMoveSessions() {
        tracker.addSession(1, 4000);
        tracker.addSession(2, 4000);
        simulation.runUntil(Time.millis(3000));
        assertThat(tracker.touch(2)).isTrue();
        simulation.run(RunBounds.time(Time.millis(6000)));
        assertThat(expired).containsExactly("1@" + Time.millis(6000));
        assertThat(tracker.check(1)).isEqualTo(SessionCheck.CLOSING);
        assertThat(tracker.touch(1)).as("a closing session cannot be touched").isFalse();
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(expired).containsExactly("1@" + Time.millis(6000), "2@" + Time.millis(8000));
        tracker.removeSession(1);
        assertThat(tracker.check(1)).isEqualTo(SessionCheck.UNKNOWN);
        assertThat(tracker.sessionTimeouts()).containsOnlyKeys(2L);
    }

    /** A touch that keeps the deadline is told apart by comparison; each must agree with {@link ExpiringSessionTracker#deadline}. */
    @Test
    void everyTouchLeavesTheDeadlineTheFormulaGives() {
        long tick = Time.millis(2000);
        tracker.addSession(1, 4000);
        long[] touches = {1, Time.millis(1999), Time.millis(2000) - 1, Time.millis(2000), Time.millis(2000) + 1,
            Time.millis(3999), Time.millis(4000), Time.millis(5000)};
        for (long at : touches) {
            simulation.runUntil(at);
            assertThat(tracker.touch(1)).isTrue();
            assertThat(tracker.deadlineOf(1)).as("touched at %d", at)
                    .isEqualTo(ExpiringSessionTracker.deadline(at, Time.millis(4000), tick));
        }
        // A shorter timeout moves the deadline back by whole ticks, a longer one forward.
        assertThat(tracker.touch(1, 2000)).isTrue();
        assertThat(tracker.deadlineOf(1)).isEqualTo(ExpiringSessionTracker.deadline(Time.millis(5000), Time.millis(2000), tick));
        assertThat(tracker.touch(1, 40_000)).isTrue();
        assertThat(tracker.deadlineOf(1)).isEqualTo(ExpiringSessionTracker.deadline(Time.millis(5000), Time.millis(40_000), tick));
        assertThat(tracker.buckets()).hasSize(1);
    }

    @Test
    void aClosingSessionIsNeverExpired() {
        tracker.addSession(7, 4000);
        tracker.setClosing(7);
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(expired).isEmpty();
    }

    @Test
    void sessionIdsCarryTheServerIdAndSkipTakenIds() {
        SessionIds ids = new SessionIds(3, 0, new SeededChoices(5), id -> (id & 0xff) == 0x10);
        List<Long> drawn = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            drawn.add(ids.next());
        }
        assertThat(drawn).allMatch(id -> id >>> 56 == 3).noneMatch(id -> (id & 0xff) == 0x10).doesNotHaveDuplicates();
        assertThat(SessionIds.password(drawn.get(0))).isEqualTo(SessionIds.password(drawn.get(0)))
                .isNotEqualTo(SessionIds.password(drawn.get(1)));
    }
}

package dev.zksim.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The kernel's hooks for the explorer: stepping one event at a time, and the pending-event digest. */
class StateDigestHooksTest {

    /** A pending event that says what it carries. */
    private record Message(String payload) implements Runnable, PendingDescription {
        @Override
        public void run() {
        }

        @Override
        public long stateHash() {
            return payload.hashCode();
        }
    }

    @Test
    void theSamePendingEventsScheduledInAnotherOrderDigestTheSame() {
        Simulation first = new Simulation(new SeededChoices(1));
        first.schedule(Time.millis(3), new Message("a"));
        first.schedule(Time.millis(1), new Message("b"));
        first.schedule(Time.millis(2), () -> { });
        Simulation second = new Simulation(new SeededChoices(2));
        second.schedule(Time.millis(2), () -> { });
        second.schedule(Time.millis(1), new Message("b"));
        second.schedule(Time.millis(3), new Message("a"));
        assertThat(second.pendingDigest()).isEqualTo(first.pendingDigest());
    }

    @Test
    void differentPendingEventsDigestDifferently() {
        Simulation base = withMessages("a", Time.millis(1), "b", Time.millis(2));
        assertThat(withMessages("a", Time.millis(1), "c", Time.millis(2)).pendingDigest())
                .as("another message").isNotEqualTo(base.pendingDigest());
        assertThat(withMessages("a", Time.millis(1), "b", Time.millis(3)).pendingDigest())
                .as("another due time").isNotEqualTo(base.pendingDigest());
        assertThat(withMessages("b", Time.millis(1), "a", Time.millis(2)).pendingDigest())
                .as("the messages swapped between the times").isNotEqualTo(base.pendingDigest());
    }

    @Test
    void aCancelledTimerIsToldApartFromALiveOne() {
        Simulation live = new Simulation(new SeededChoices(1));
        live.timer(Time.millis(5), () -> { });
        Simulation cancelled = new Simulation(new SeededChoices(1));
        cancelled.timer(Time.millis(5), () -> { }).cancel();
        assertThat(cancelled.pendingDigest()).isNotEqualTo(live.pendingDigest());
    }

    @Test
    void pendingTimesCountRelativeToNow() {
        Simulation early = new Simulation(new SeededChoices(1));
        early.schedule(Time.millis(1), () -> { });
        early.schedule(Time.millis(2), new Message("x"));
        Simulation late = new Simulation(new SeededChoices(1));
        late.schedule(Time.millis(5), () -> { });
        late.schedule(Time.millis(6), new Message("x"));
        early.step(Long.MAX_VALUE);
        late.step(Long.MAX_VALUE);
        assertThat(late.now()).isEqualTo(Time.millis(5));
        assertThat(late.pendingDigest()).isEqualTo(early.pendingDigest());
    }

    @Test
    void steppingDispatchesWhatOneRunDoesInTheSameOrder() {
        List<Long> stepped = new ArrayList<>();
        Simulation bySteps = chain(stepped);
        int steps = 0;
        while (bySteps.step(Time.millis(50))) {
            steps++;
        }
        List<Long> ran = new ArrayList<>();
        Simulation byRun = chain(ran);
        byRun.runUntil(Time.millis(50));
        assertThat(stepped).isEqualTo(ran).isNotEmpty();
        assertThat(steps).isEqualTo((int) byRun.eventsDispatched());
        assertThat(bySteps.step(Time.millis(50))).as("nothing left before the limit").isFalse();
    }

    @Test
    void aTraceThatDoesNotDigestStillFeedsItsSinks() {
        Simulation simulation = new Simulation(new SeededChoices(1));
        List<String> heard = new ArrayList<>();
        simulation.trace().addSink(record -> heard.add(record.process()));
        String before = simulation.trace().digest();
        simulation.trace().setDigesting(false);
        simulation.trace().emit("p1", new dev.zksim.kernel.process.ProcessEvent.Crashed(1));
        assertThat(heard).containsExactly("p1");
        assertThat(simulation.trace().digest()).isEqualTo(before);
        simulation.trace().setDigesting(true);
        simulation.trace().emit("p1", new dev.zksim.kernel.process.ProcessEvent.Crashed(1));
        assertThat(simulation.trace().digest()).isNotEqualTo(before);
    }

    private static Simulation withMessages(String one, long oneAt, String two, long twoAt) {
        Simulation simulation = new Simulation(new SeededChoices(1));
        simulation.schedule(oneAt, new Message(one));
        simulation.schedule(twoAt, new Message(two));
        return simulation;
    }

    /** Events that schedule more events, some at the same instant, recording their times. */
    private static Simulation chain(List<Long> seen) {
        Simulation simulation = new Simulation(new SeededChoices(1));
        for (int i = 0; i < 3; i++) {
            long delay = Time.millis(7 * i);
            simulation.schedule(delay, new Runnable() {
                int hops;

                @Override
                public void run() {
                    seen.add(simulation.now());
                    if (++hops < 5) {
                        simulation.schedule(Time.millis(hops * 3L), this);
                    }
                }
            });
        }
        return simulation;
    }
}

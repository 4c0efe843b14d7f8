package dev.zksim.kernel.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.kernel.disk.CrashPolicy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimProcessTest {
    private final Simulation simulation = new Simulation(new SeededChoices(2));
    private final List<String> log = new ArrayList<>();

    /** Counts its own starts in volatile state and ticks every second. */
    private final class Ticker implements Node {
        private final SimProcess process;
        private int ticks;

        Ticker(SimProcess process) {
            this.process = process;
        }

        @Override
        public void start() {
            log.add("start " + process.incarnation() + " at " + Time.format(process.now()));
            process.schedule(Time.seconds(1), this::tick);
        }

        private void tick() {
            ticks++;
            log.add("tick " + ticks + " of incarnation " + process.incarnation() + " at " + Time.format(process.now()));
            process.schedule(Time.seconds(1), this::tick);
        }
    }

    private SimProcess ticker() {
        return new SimProcess(simulation, "n1", Ticker::new, CrashPolicy.LOSE_UNSYNCED);
    }

    @Test
    void aCrashDropsTimersAndVolatileStateAndARestartStartsFresh() {
        SimProcess process = ticker();
        process.start();
        simulation.runUntil(Time.millis(2500));
        process.crash();
        assertThat(process.node()).isNull();
        simulation.runUntil(Time.seconds(4));
        process.start();
        simulation.runUntil(Time.millis(5500));
        assertThat(log).containsExactly(
                "start 1 at 0.000000s",
                "tick 1 of incarnation 1 at 1.000000s",
                "tick 2 of incarnation 1 at 2.000000s",
                "start 2 at 4.000000s",
                "tick 1 of incarnation 2 at 5.000000s");
    }

    @Test
    void aPausedProcessRunsNothingAndCatchesUpInOrderOnResume() {
        SimProcess process = ticker();
        process.start();
        List<String> extra = new ArrayList<>();
        simulation.schedule(Time.millis(1500), process::pause);
        process.schedule(Time.millis(2200), () -> extra.add("timer at " + Time.format(process.now())));
        simulation.schedule(Time.millis(4500), process::resume);
        simulation.runUntil(Time.millis(4600));
        assertThat(log).containsExactly(
                "start 1 at 0.000000s",
                "tick 1 of incarnation 1 at 1.000000s",
                "tick 2 of incarnation 1 at 4.500000s");
        assertThat(extra).containsExactly("timer at 4.500000s");
    }

    @Test
    void aCancelledTimerThatFallsDueWhilePausedIsHeldAndCountedAsBefore() {
        SimProcess process = ticker();
        process.start();
        List<Object> resumed = new ArrayList<>();
        simulation.trace().addSink(record -> {
            if (record.event() instanceof ProcessEvent.Resumed event) {
                resumed.add(event.deferredEvents());
            }
        });
        List<String> ran = new ArrayList<>();
        process.timer(Time.millis(2200), () -> ran.add("cancelled timer")).cancel();
        simulation.schedule(Time.millis(2100), process::pause);
        simulation.schedule(Time.millis(2300), process::resume);
        simulation.runUntil(Time.millis(2400));
        assertThat(ran).isEmpty();
        assertThat(resumed).as("the cancelled timer fell due while paused and was held").containsExactly(1);
    }

    @Test
    void aTimerOfACrashedIncarnationNeverRuns() {
        SimProcess process = ticker();
        process.start();
        List<String> ran = new ArrayList<>();
        process.timer(Time.millis(1500), () -> ran.add("old incarnation's timer"));
        simulation.schedule(Time.millis(1000), process::crash);
        simulation.schedule(Time.millis(1200), process::start);
        simulation.runUntil(Time.seconds(2));
        assertThat(ran).isEmpty();
        assertThat(process.incarnation()).isEqualTo(2);
    }

    @Test
    void startingARunningProcessIsABug() {
        SimProcess process = ticker();
        process.start();
        assertThatThrownBy(process::start).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void listenersHearCrashesAndStarts() {
        SimProcess process = ticker();
        List<String> heard = new ArrayList<>();
        process.addListener(new ProcessListener() {
            @Override
            public void started(SimProcess p) {
                heard.add("started " + p.incarnation());
            }

            @Override
            public void crashed(SimProcess p) {
                heard.add("crashed");
            }
        });
        process.start();
        process.crash();
        process.crash();
        process.start();
        simulation.run(RunBounds.events(1));
        assertThat(heard).containsExactly("started 1", "crashed", "started 2");
    }
}

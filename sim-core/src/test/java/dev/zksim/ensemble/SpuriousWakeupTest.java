package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.kernel.process.SimProcess;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a spurious-wakeup fault does to the threads a client registered, as its context carries it out. */
class SpuriousWakeupTest {

    /** A set of threads with a given number in wait(), or -1 if no code that waits on monitors has run. */
    private static final class FakeWaiters implements ClientContext.Waiters {
        private int waiting;
        private final List<String> calls;
        private final String name;

        FakeWaiters(String name, int waiting, List<String> calls) {
            this.name = name;
            this.waiting = waiting;
            this.calls = calls;
        }

        @Override
        public int wakeAll() {
            calls.add(name + " wakeAll");
            int woken = waiting;
            waiting = Math.min(waiting, 0);
            return woken;
        }

        @Override
        public void wakeNext() {
            calls.add(name + " wakeNext");
        }
    }

    private static ClientContext context() {
        Simulation simulation = new Simulation(new SeededChoices(1));
        SimProcess process = new SimProcess(simulation, "c1", started -> () -> { }, new CrashPolicy(false, false));
        return new ClientContext(process, watcher -> null);
    }

    @Test
    void everyRegisteredSetIsWokenInTheOrderItRegistered() {
        List<String> calls = new ArrayList<>();
        ClientContext context = context();
        context.addWaiters(new FakeWaiters("a", 2, calls));
        context.addWaiters(new FakeWaiters("b", 1, calls));
        assertThat(context.spuriousWakeup()).isEqualTo(3);
        assertThat(calls).containsExactly("a wakeAll", "b wakeAll");
    }

    @Test
    void withNoThreadWaitingTheNextWaitOfEverySetEndsAtOnce() {
        List<String> calls = new ArrayList<>();
        ClientContext context = context();
        context.addWaiters(new FakeWaiters("a", 0, calls));
        context.addWaiters(new FakeWaiters("b", -1, calls));
        assertThat(context.spuriousWakeup()).isZero();
        assertThat(calls).containsExactly("a wakeAll", "b wakeAll", "a wakeNext", "b wakeNext");
    }

    @Test
    void aClientWithoutThreadsThatWaitOnMonitorsHasNothingToWake() {
        List<String> calls = new ArrayList<>();
        ClientContext bare = context();
        assertThat(bare.spuriousWakeup()).isEqualTo(-1);
        ClientContext notYet = context();
        notYet.addWaiters(new FakeWaiters("a", -1, calls));
        assertThat(notYet.spuriousWakeup()).isEqualTo(-1);
        assertThat(calls).containsExactly("a wakeAll");
    }
}

package dev.zksim.bench;

import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.kernel.choice.SeededChoices;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * The bare kernel's cost per event, measured in the JVM of the benchmark that quotes it: the
 * loop of {@link KernelLoopBenchmark} (a few dozen self-rescheduling actors, nothing else),
 * in CPU time of this thread. The model's cost per event means little alone on a shared
 * machine; next to this floor, taken minutes or seconds apart under the same load and JIT,
 * it says how far the model is above what any event costs.
 */
@SuppressForbidden("a benchmark: reads this thread's CPU time; not simulation code")
public final class KernelFloor {
    private static final int EVENTS = 200_000;
    private static final int WARM_UP_LOOPS = 10;
    private static final int MEASURED_LOOPS = 5;

    private KernelFloor() {
    }

    /** CPU nanoseconds per event of the bare loop: the least of a few loops after a warm-up. */
    public static double nanosPerEvent() {
        for (int i = 0; i < WARM_UP_LOOPS; i++) {
            loop();
        }
        double best = Double.MAX_VALUE;
        for (int i = 0; i < MEASURED_LOOPS; i++) {
            long cpu = threadCpu();
            loop();
            best = Math.min(best, (threadCpu() - cpu) / (double) EVENTS);
        }
        return best;
    }

    /** "812 ns/event, 7.3x the kernel floor of 111 ns": a model's CPU per event beside a floor. */
    public static String describe(double modelNanosPerEvent, double floorNanosPerEvent) {
        return String.format(Locale.ROOT, "%.0f ns/event, %.1fx the kernel floor of %.0f ns", modelNanosPerEvent,
                modelNanosPerEvent / floorNanosPerEvent, floorNanosPerEvent);
    }

    private static void loop() {
        Simulation simulation = new Simulation(new SeededChoices(1));
        simulation.trace().setEnabled(false);
        for (int i = 0; i < KernelLoopBenchmark.ACTORS; i++) {
            new KernelLoopBenchmark.Actor(simulation::schedule, i).schedule();
        }
        simulation.run(RunBounds.events(EVENTS));
    }

    static long threadCpu() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }
}

package dev.zksim.official.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.Test;

/**
 * Measures the chosen route (printed, for the record; the assertions only check that the
 * work was done): the cost of one scheduling step of a simulated thread, and of the check
 * for user-started platform threads that every step makes. A and B runs are interleaved.
 */
class SimulatedThreadsMeasurementTest {
    private static final int EXCHANGES = 20_000;

    /** Two simulated threads bounce a token EXCHANGES times; returns nanoseconds per step. */
    private static double pingPong() {
        Simulation simulation = new Simulation(new SeededChoices(1));
        SimulatedThreads threads = new SimulatedThreads(simulation, simulation.choices().stream("threads"), "t");
        LinkedBlockingQueue<Integer> ping = new LinkedBlockingQueue<>();
        LinkedBlockingQueue<Integer> pong = new LinkedBlockingQueue<>();
        threads.start("ping", () -> bounce(ping, pong, true));
        threads.start("pong", () -> bounce(pong, ping, false));
        long start = System.nanoTime();
        simulation.run(RunBounds.UNBOUNDED);
        long elapsed = System.nanoTime() - start;
        assertThat(threads.liveThreads()).isEmpty();
        return (double) elapsed / threads.steps();
    }

    private static void bounce(LinkedBlockingQueue<Integer> in, LinkedBlockingQueue<Integer> out, boolean first) {
        try {
            if (first) {
                out.put(0);
            }
            for (int i = 0; i < EXCHANGES; i++) {
                int token = in.take();
                if (token + 1 < 2 * EXCHANGES) {
                    out.put(token + 1);
                }
            }
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static double platformCheck() {
        PlatformThreadWatch watch = new PlatformThreadWatch();
        long start = System.nanoTime();
        for (int i = 0; i < EXCHANGES; i++) {
            watch.beforeStep();
            watch.failIfStarted(i);
        }
        assertThat(PlatformThreadWatch.count()).isGreaterThanOrEqualTo(0);
        return (double) (System.nanoTime() - start) / EXCHANGES;
    }

    @Test
    void measure() {
        pingPong();
        platformCheck();
        for (int round = 0; round < 3; round++) {
            double step = pingPong();
            double check = platformCheck();
            System.out.printf("round %d: %.0f ns per scheduling step, of which %.0f ns the platform-thread check%n",
                    round, step, check);
        }
    }
}

package dev.zksim.official.threads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.agent.bridge.Bridge;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

class SimulatedThreadsTest {

    /** Three threads append to a shared log around virtual sleeps and a lock; returns the log. */
    private static List<String> interleaving(long seed) {
        Simulation simulation = new Simulation(new SeededChoices(seed));
        SimulatedThreads threads = new SimulatedThreads(simulation, simulation.choices().stream("threads"), "t");
        List<String> log = new ArrayList<>();
        ReentrantLock lock = new ReentrantLock();
        for (int i = 0; i < 3; i++) {
            String name = "w" + i;
            threads.start(name, () -> {
                for (int step = 0; step < 4; step++) {
                    lock.lock();
                    try {
                        log.add(name + ":" + step + "@" + simulation.now());
                    } finally {
                        lock.unlock();
                    }
                    Thread.yield();
                }
            });
        }
        simulation.run(RunBounds.UNBOUNDED);
        threads.check();
        assertThat(threads.liveThreads()).isEmpty();
        return log;
    }

    @Test
    void sameSeedSameInterleavingAndSeedsDiffer() {
        Set<List<String>> distinct = new LinkedHashSet<>();
        for (long seed = 1; seed <= 20; seed++) {
            List<String> first = interleaving(seed);
            assertThat(interleaving(seed)).isEqualTo(first);
            assertThat(first).hasSize(12);
            distinct.add(first);
        }
        // Which thread runs next is a choice, so different seeds interleave differently.
        assertThat(distinct.size()).isGreaterThan(5);
    }

    @Test
    void sleepIsVirtualTimeAndQueuesWakeDeterministically() {
        Simulation simulation = new Simulation(new SeededChoices(7));
        SimulatedThreads threads = new SimulatedThreads(simulation, simulation.choices().stream("threads"), "t");
        LinkedBlockingQueue<Long> queue = new LinkedBlockingQueue<>();
        List<Long> received = new ArrayList<>();
        threads.start("producer", () -> {
            try {
                for (int i = 0; i < 3; i++) {
                    SimulatedThreads.sleep(1_000_000);
                    queue.put(simulation.now());
                }
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        threads.start("consumer", () -> {
            try {
                for (int i = 0; i < 3; i++) {
                    received.add(queue.take());
                }
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(received).containsExactly(1_000_000L, 2_000_000L, 3_000_000L);
        assertThat(simulation.now()).isEqualTo(3_000_000L);
        assertThat(threads.liveThreads()).isEmpty();
    }

    @Test
    void aLatchCountedDownByASimulationEventWakesTheThread() {
        Simulation simulation = new Simulation(new SeededChoices(3));
        SimulatedThreads threads = new SimulatedThreads(simulation, simulation.choices().stream("threads"), "t");
        CountDownLatch latch = new CountDownLatch(1);
        long[] wokeAt = {-1};
        threads.start("waiter", () -> {
            try {
                latch.await();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            wokeAt[0] = simulation.now();
        });
        simulation.schedule(5_000, latch::countDown);
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(wokeAt[0]).isEqualTo(5_000);
    }

    @Test
    void threadSleepIsReportedInOneLine() {
        assertThatThrownBy(() -> runOne(() -> {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        })).isInstanceOf(SimulationFailure.class)
                .satisfies(e -> assertThat(((SimulationFailure) e).kind()).isEqualTo(FailureKind.NONDETERMINISM))
                .hasMessageContaining("real clock")
                .hasMessageContaining("SimulatedThreads.sleep");
    }

    @Test
    void monitorContentionIsReported() {
        Object monitor = new Object();
        Simulation simulation = new Simulation(new SeededChoices(1));
        SimulatedThreads threads = new SimulatedThreads(simulation, simulation.choices().stream("threads"), "t");
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        threads.start("holder", () -> {
            synchronized (monitor) {
                inside.countDown();
                awaitQuietly(release);
            }
        });
        threads.start("contender", () -> {
            awaitQuietly(inside);
            synchronized (monitor) {
                release.countDown();
            }
        });
        assertThatThrownBy(() -> simulation.run(RunBounds.UNBOUNDED))
                .isInstanceOf(SimulationFailure.class)
                .hasMessageContaining("monitor");
        threads.shutdown();
    }

    /**
     * A real monitor's wait and notify between two simulated threads (zksim's own classes are
     * not rewritten by the agent, so these are the JDK's monitors): the JDK hands the woken
     * thread back on its unblocker thread, and under the agent the simulation waits for that
     * hand-back at the end of the step instead of calling it nondeterminism.
     */
    @Test
    void realMonitorHandBacksAreWaitedForUnderTheAgent() {
        assertThat(Bridge.agentLoaded()).as("this module's tests run with the agent").isTrue();
        Object monitor = new Object();
        boolean[] notified = {false};
        boolean[] resumed = {false};
        CountDownLatch waiting = new CountDownLatch(1);
        Simulation simulation = new Simulation(new SeededChoices(4));
        SimulatedThreads threads = new SimulatedThreads(simulation, simulation.choices().stream("threads"), "t");
        threads.start("waiter", () -> {
            synchronized (monitor) {
                waiting.countDown();
                while (!notified[0]) {
                    try {
                        monitor.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                resumed[0] = true;
            }
        });
        threads.start("notifier", () -> {
            awaitQuietly(waiting);
            synchronized (monitor) {
                notified[0] = true;
                monitor.notifyAll();
            }
        });
        simulation.run(RunBounds.UNBOUNDED);
        threads.check();
        assertThat(resumed[0]).isTrue();
        assertThat(threads.liveThreads()).isEmpty();
        threads.shutdown();
    }

    /**
     * At the end of a run, an interrupted thread logs on its way out (Curator's shaded Guava
     * warns so when an interrupt cuts a close short) and finds the log handler's real monitor
     * taken by a thread outside the simulation. Shutting the threads down waits for the JDK to
     * hand it back and runs it to its end: left parked, it would hold that monitor for good,
     * and every later run in the JVM that logs would block on it.
     */
    @Test
    void aThreadBlockedOnARealMonitorAtShutdownIsRunOnOnceItIsLetGo() throws InterruptedException {
        assertThat(Bridge.agentLoaded()).as("this module's tests run with the agent").isTrue();
        Object handlerMonitor = new Object();
        boolean[] logged = {false};
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch letGo = new CountDownLatch(1);
        Thread holder = Thread.ofPlatform().start(() -> {
            synchronized (handlerMonitor) {
                held.countDown();
                awaitQuietly(letGo);
            }
        });
        awaitQuietly(held);
        Simulation simulation = new Simulation(new SeededChoices(6));
        SimulatedThreads threads = new SimulatedThreads(simulation, simulation.choices().stream("threads"), "t");
        Thread closer = threads.start("closer", () -> {
            try {
                SimulatedThreads.sleep(100_000_000L);
            } catch (InterruptedException interrupted) {
                synchronized (handlerMonitor) {
                    logged[0] = true;
                }
            }
        });
        simulation.run(RunBounds.time(1_000_000L));
        // The holder lets go once the closer, interrupted by the shutdown, waits for the monitor.
        Thread letter = Thread.ofPlatform().start(() -> {
            while (closer.getState() != Thread.State.BLOCKED && closer.isAlive()) {
                LockSupportPause.pause();
            }
            letGo.countDown();
        });
        List<String> alive = threads.shutdown();
        letter.join();
        holder.join();
        assertThat(logged[0]).isTrue();
        assertThat(alive).isEmpty();
    }

    @Test
    void aPlatformThreadStartedByUserCodeIsReported() {
        assertThatThrownBy(() -> runOne(() -> {
            // The thread outlives the step that starts it: one that ends within that step goes unseen.
            Thread platform = new Thread(() -> java.util.concurrent.locks.LockSupport.parkNanos(200_000_000L));
            platform.start();
            try {
                platform.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        })).isInstanceOf(SimulationFailure.class).hasMessageContaining("platform thread");
    }

    @Test
    void realSocketIoIsReported() throws Exception {
        try (java.net.ServerSocket server = new java.net.ServerSocket(0)) {
            Simulation simulation = new Simulation(new SeededChoices(1));
            SimulatedThreads threads = new SimulatedThreads(simulation, simulation.choices().stream("threads"), "t");
            threads.start("reader", () -> {
                try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.getLocalPort())) {
                    socket.getInputStream().read();
                } catch (java.io.IOException e) {
                    // The run is over; nothing to read any more.
                }
            });
            // The wake-up comes from the JDK's poller thread, whenever the connection or the
            // byte arrives: during the run or at one of the checks after it.
            assertThatThrownBy(() -> {
                simulation.run(RunBounds.UNBOUNDED);
                try (java.net.Socket accepted = server.accept()) {
                    accepted.getOutputStream().write(1);
                    accepted.getOutputStream().flush();
                    for (int i = 0; i < 200; i++) {
                        LockSupportPause.pause();
                        threads.check();
                    }
                }
            }).isInstanceOf(SimulationFailure.class).hasMessageContaining("network I/O");
            threads.shutdown();
        }
    }

    @Test
    void theSchedulerIsReachable() {
        assertThat(VirtualThreadScheduler.available()).isTrue();
    }

    private static void runOne(Runnable body) {
        Simulation simulation = new Simulation(new SeededChoices(1));
        SimulatedThreads threads = new SimulatedThreads(simulation, simulation.choices().stream("threads"), "t");
        threads.start("user", body);
        try {
            simulation.run(RunBounds.UNBOUNDED);
            // A wake-up from outside arrives on its own time; give it a moment to be seen.
            for (int i = 0; i < 100 && threads.liveThreads().size() > 0; i++) {
                LockSupportPause.pause();
                threads.check();
            }
        } finally {
            threads.shutdown();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A short real pause for the test thread only. */
    private static final class LockSupportPause {
        static void pause() {
            java.util.concurrent.locks.LockSupport.parkNanos(10_000_000L);
        }
    }
}

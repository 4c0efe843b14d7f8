package dev.zksim.agent.bridge;

import java.util.concurrent.Executor;

/**
 * The simulation behind the hooks, as seen from one simulated thread: its virtual clock, its
 * timers, its monitors and threads, and its seed. A simulation hands the bridge a
 * {@link Resolver} that finds the runtime of the calling thread.
 *
 * <p>Every method is called on a simulated thread of this runtime, while it is the one
 * simulated thread running, so implementations need no synchronisation of their own.
 */
public interface SimRuntime {

    /** Finds the runtime the calling thread belongs to, or null on any other thread. */
    @FunctionalInterface
    interface Resolver {
        SimRuntime current();
    }

    /** Virtual time in microseconds since the simulation began. */
    long nowMicros();

    /**
     * Counts a read of the clock. A thread that reads the clock again and again without
     * blocking waits for virtual time that can never come, so the runtime ends the run.
     */
    void clockRead();

    /**
     * Counts {@link Bridge#LOOP_SAMPLE} more loop iterations of rewritten code. A thread that
     * loops this often without blocking is a busy loop, which never lets virtual time pass, so
     * the runtime ends the run and says where the thread spun.
     */
    void loopSample();

    /** Parks the calling thread until unparked, interrupted, or {@code nanos} of virtual time. */
    void parkNanos(Object blocker, long nanos);

    /** Sleeps {@code nanos} of virtual time. */
    void sleepNanos(long nanos) throws InterruptedException;

    /** Enters the simulated monitor of {@code lock}; returns the object to lock for real. */
    Object monitorEnter(Object lock);

    /** Leaves the simulated monitor of {@code lock}; returns the object to unlock for real. */
    Object monitorExit(Object lock);

    /** {@code lock.wait(millis)} on the simulated monitor; 0 waits without a deadline. */
    void monitorWait(Object lock, long millis, int nanos) throws InterruptedException;

    /** {@code lock.notify()} or {@code notifyAll()} on the simulated monitor. */
    void monitorNotify(Object lock, boolean all);

    /** True if the calling thread holds the simulated monitor of {@code lock}. */
    boolean holdsMonitor(Object lock);

    /**
     * A simulated thread to use instead of {@code unstarted}, a platform thread just built by
     * {@code new Thread(...)}: same name and body, scheduled by the simulation.
     */
    Thread adoptThread(Thread unstarted);

    /** Called before {@code thread.start()}; fails the run for a thread it cannot simulate. */
    void beforeStart(Thread thread);

    /** {@code thread.join(millis)} in virtual time; true if the thread has ended. */
    boolean join(Thread thread, long nanos) throws InterruptedException;

    /** A seed for a {@code new Random()} of the code under test, drawn from the run's seed. */
    long randomSeed();

    /** The executor behind {@code CompletableFuture}'s async methods on simulated threads. */
    Executor asyncExecutor();
}

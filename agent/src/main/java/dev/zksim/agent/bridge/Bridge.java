package dev.zksim.agent.bridge;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The static hooks that the agent's rewriting puts in place of clock reads, sleeps, timed
 * parks, monitors, thread creation and randomness. Each asks {@link #runtime()} whether the
 * calling thread is a simulated thread: if so the simulation answers, otherwise the hook does
 * exactly what the rewritten call did.
 *
 * <p>Virtual wall-clock time starts at {@link #EPOCH_MILLIS} (2026-01-01T00:00:00Z), so that
 * dates in logs and in node data look like dates; {@code nanoTime} starts at a fixed origin.
 */
public final class Bridge {
    /** The virtual wall clock at simulated time 0: 2026-01-01T00:00:00Z. */
    public static final long EPOCH_MILLIS = 1_767_225_600_000L;
    /** {@code System.nanoTime()} at simulated time 0; any fixed value would do. */
    public static final long NANO_ORIGIN = 1_000_000_000_000L;

    /** Loop iterations between two looks at the caller's runtime (a power of two). */
    public static final int LOOP_SAMPLE = 1 << 16;

    private static volatile SimRuntime.Resolver resolver;
    /**
     * Loop iterations of rewritten code, on every thread: a plain field, since it only paces
     * how often a loop asks for its runtime, which then counts for its own thread.
     */
    private static int loopIterations;
    private static volatile boolean agentLoaded;
    private static volatile Executor defaultAsync;

    private Bridge() {
    }

    /** Installs the simulation's resolver; the last one installed wins. */
    public static void install(SimRuntime.Resolver newResolver) {
        resolver = newResolver;
    }

    /** Called by the agent once it has put the bridge on the bootstrap class path. */
    public static void markAgentLoaded() {
        agentLoaded = true;
    }

    /** True when the zksim agent rewrites classes in this JVM. */
    public static boolean agentLoaded() {
        return agentLoaded;
    }

    /** The runtime of the calling thread, or null outside the simulation. */
    public static SimRuntime runtime() {
        SimRuntime.Resolver current = resolver;
        return current == null ? null : current.current();
    }

    // ---- loops --------------------------------------------------------------------------

    /** Put before every backward jump of rewritten user code: the iteration of a loop. */
    public static void backEdge() {
        if ((++loopIterations & (LOOP_SAMPLE - 1)) == 0) {
            SimRuntime rt = runtime();
            if (rt != null) {
                rt.loopSample();
            }
        }
    }

    // ---- clocks -------------------------------------------------------------------------

    public static long currentTimeMillis() {
        SimRuntime rt = runtime();
        if (rt == null) {
            return System.currentTimeMillis();
        }
        rt.clockRead();
        return EPOCH_MILLIS + rt.nowMicros() / 1000;
    }

    public static long nanoTime() {
        SimRuntime rt = runtime();
        if (rt == null) {
            return System.nanoTime();
        }
        rt.clockRead();
        return NANO_ORIGIN + rt.nowMicros() * 1000;
    }

    public static Instant instantNow() {
        return SimClock.UTC.instant();
    }

    public static Clock clockUTC() {
        return SimClock.UTC;
    }

    public static Clock clockDefaultZone() {
        return new SimClock(ZoneId.systemDefault());
    }

    public static Clock clockAt(ZoneId zone) {
        return new SimClock(zone);
    }

    /** The virtual instant, for {@link SimClock}; null outside the simulation. */
    static Instant simulatedInstant() {
        SimRuntime rt = runtime();
        if (rt == null) {
            return null;
        }
        rt.clockRead();
        long micros = EPOCH_MILLIS * 1000 + rt.nowMicros();
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
    }

    // ---- sleeps and timed parks -----------------------------------------------------------

    public static void sleep(long millis) throws InterruptedException {
        SimRuntime rt = runtime();
        if (rt == null) {
            Thread.sleep(millis);
            return;
        }
        if (millis < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
        rt.sleepNanos(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    public static void sleep(long millis, int nanos) throws InterruptedException {
        SimRuntime rt = runtime();
        if (rt == null) {
            Thread.sleep(millis, nanos);
            return;
        }
        if (millis < 0 || nanos < 0 || nanos > 999_999) {
            throw new IllegalArgumentException("timeout value out of range");
        }
        rt.sleepNanos(saturatedNanos(millis, nanos));
    }

    public static void sleep(Duration duration) throws InterruptedException {
        SimRuntime rt = runtime();
        if (rt == null) {
            Thread.sleep(duration);
            return;
        }
        rt.sleepNanos(Math.max(0, saturatedNanos(duration)));
    }

    /** {@code unit.sleep(timeout)}. */
    public static void sleep(TimeUnit unit, long timeout) throws InterruptedException {
        SimRuntime rt = runtime();
        if (rt == null) {
            unit.sleep(timeout);
            return;
        }
        if (timeout > 0) {
            rt.sleepNanos(unit.toNanos(timeout));
        }
    }

    public static void parkNanos(long nanos) {
        parkNanos(null, nanos);
    }

    public static void parkNanos(Object blocker, long nanos) {
        SimRuntime rt = runtime();
        if (rt == null) {
            LockSupport.parkNanos(blocker, nanos);
        } else if (nanos > 0) {
            rt.parkNanos(blocker, nanos);
        }
    }

    public static void parkUntil(long deadlineMillis) {
        parkUntil(null, deadlineMillis);
    }

    public static void parkUntil(Object blocker, long deadlineMillis) {
        SimRuntime rt = runtime();
        if (rt == null) {
            LockSupport.parkUntil(blocker, deadlineMillis);
            return;
        }
        long nowMillis = EPOCH_MILLIS + rt.nowMicros() / 1000;
        if (deadlineMillis > nowMillis) {
            rt.parkNanos(blocker, TimeUnit.MILLISECONDS.toNanos(deadlineMillis - nowMillis));
        }
    }

    // ---- monitors ----------------------------------------------------------------------

    /** Before {@code monitorenter}: returns the object the bytecode then really locks. */
    public static Object monitorEnter(Object lock) {
        SimRuntime rt = runtime();
        return rt == null ? lock : rt.monitorEnter(lock);
    }

    /** Before {@code monitorexit}: returns the object the bytecode then really unlocks. */
    public static Object monitorExit(Object lock) {
        SimRuntime rt = runtime();
        return rt == null ? lock : rt.monitorExit(lock);
    }

    public static void wait(Object lock) throws InterruptedException {
        wait(lock, 0L, 0);
    }

    public static void wait(Object lock, long millis) throws InterruptedException {
        wait(lock, millis, 0);
    }

    public static void wait(Object lock, long millis, int nanos) throws InterruptedException {
        SimRuntime rt = runtime();
        if (rt == null) {
            lock.wait(millis, nanos);
            return;
        }
        if (millis < 0 || nanos < 0 || nanos > 999_999) {
            throw new IllegalArgumentException("timeout value out of range");
        }
        rt.monitorWait(lock, millis, nanos);
    }

    public static void notify(Object lock) {
        SimRuntime rt = runtime();
        if (rt == null) {
            lock.notify();
        } else {
            rt.monitorNotify(lock, false);
        }
    }

    public static void notifyAll(Object lock) {
        SimRuntime rt = runtime();
        if (rt == null) {
            lock.notifyAll();
        } else {
            rt.monitorNotify(lock, true);
        }
    }

    public static boolean holdsLock(Object lock) {
        SimRuntime rt = runtime();
        return rt == null ? Thread.holdsLock(lock) : rt.holdsMonitor(lock);
    }

    // ---- threads -----------------------------------------------------------------------

    /** After {@code new Thread(...)}: the thread to use instead, a simulated one on a simulated thread. */
    public static Thread adoptThread(Thread built) {
        SimRuntime rt = runtime();
        return rt == null ? built : rt.adoptThread(built);
    }

    public static void start(Thread thread) {
        SimRuntime rt = runtime();
        if (rt != null) {
            rt.beforeStart(thread);
        }
        thread.start();
    }

    /** Simulated threads are virtual and always daemons; asking for a non-daemon one is moot. */
    public static void setDaemon(Thread thread, boolean on) {
        if (thread.isVirtual()) {
            return;
        }
        thread.setDaemon(on);
    }

    public static void join(Thread thread) throws InterruptedException {
        join(thread, 0L, 0);
    }

    public static void join(Thread thread, long millis) throws InterruptedException {
        join(thread, millis, 0);
    }

    public static void join(Thread thread, long millis, int nanos) throws InterruptedException {
        SimRuntime rt = runtime();
        if (rt == null) {
            thread.join(millis, nanos);
            return;
        }
        if (millis < 0 || nanos < 0 || nanos > 999_999) {
            throw new IllegalArgumentException("timeout value out of range");
        }
        rt.join(thread, millis == 0 && nanos == 0 ? 0 : Math.max(1, saturatedNanos(millis, nanos)));
    }

    public static boolean join(Thread thread, Duration duration) throws InterruptedException {
        SimRuntime rt = runtime();
        if (rt == null) {
            return thread.join(duration);
        }
        long nanos = saturatedNanos(duration);
        return nanos <= 0 ? !thread.isAlive() : rt.join(thread, nanos);
    }

    /** The executor for {@code CompletableFuture}'s async methods called without one. */
    public static Executor asyncExecutor() {
        SimRuntime rt = runtime();
        if (rt != null) {
            return rt.asyncExecutor();
        }
        Executor pool = defaultAsync;
        if (pool == null) {
            pool = new CompletableFuture<Void>().defaultExecutor();
            defaultAsync = pool;
        }
        return pool;
    }

    /**
     * {@code Executors.newSingleThreadExecutor()} in a simulation: the same single worker, but
     * no shutdown when the executor becomes unreachable. The JDK's version registers a cleaner
     * that shuts it down after a garbage collection, from the JDK's cleaner thread, which then
     * interrupts a simulated worker at a moment no seed decides. A simulated worker that is never
     * shut down lives until its run ends, when the run's threads are stopped anyway.
     */
    public static ExecutorService newSingleThreadExecutor() {
        return newSingleThreadExecutor(Executors.defaultThreadFactory());
    }

    /** {@link #newSingleThreadExecutor()} with the caller's thread factory. */
    public static ExecutorService newSingleThreadExecutor(ThreadFactory factory) {
        if (runtime() == null) {
            return Executors.newSingleThreadExecutor(factory);
        }
        return Executors.unconfigurableExecutorService(
                new ThreadPoolExecutor(1, 1, 0L, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), factory));
    }

    // ---- randomness --------------------------------------------------------------------

    /** The seed of a {@code new Random()}; outside the simulation, as unpredictable as the JDK's. */
    public static long randomSeed() {
        SimRuntime rt = runtime();
        return rt == null ? new Random().nextLong() : rt.randomSeed();
    }

    public static double mathRandom() {
        SimRuntime rt = runtime();
        return rt == null ? Math.random() : new Random(rt.randomSeed()).nextDouble();
    }

    public static UUID randomUUID() {
        SimRuntime rt = runtime();
        if (rt == null) {
            return UUID.randomUUID();
        }
        Random random = new Random(rt.randomSeed());
        // A version 4, variant 2 UUID, as UUID.randomUUID makes, from the run's seed.
        long most = (random.nextLong() & ~0xF000L) | 0x4000L;
        long least = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(most, least);
    }

    public static void shuffle(List<?> list) {
        SimRuntime rt = runtime();
        if (rt == null) {
            Collections.shuffle(list);
        } else {
            Collections.shuffle(list, new Random(rt.randomSeed()));
        }
    }

    // ---- arithmetic --------------------------------------------------------------------

    private static long saturatedNanos(long millis, int nanos) {
        if (millis >= Long.MAX_VALUE / 1_000_000L) {
            return Long.MAX_VALUE;
        }
        return millis * 1_000_000L + nanos;
    }

    private static long saturatedNanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException e) {
            return duration.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }
}

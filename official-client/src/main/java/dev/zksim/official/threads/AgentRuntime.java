package dev.zksim.official.threads;

import dev.zksim.agent.bridge.Bridge;
import dev.zksim.agent.bridge.SimRuntime;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.kernel.choice.Choices;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.LockSupport;

/**
 * What code rewritten by the zksim agent meets on a simulated thread: the virtual clock,
 * timed parks and sleeps that end at virtual deadlines, monitors resolved by the simulation
 * ({@link SimulatedMonitors}), threads that are simulated threads, and randomness from the
 * run's seed. One per {@link SimulatedThreads}; only ever called by its running thread.
 */
@SuppressForbidden("the agent's runtime: parks, unparks and adopts threads on the simulation's scheduler")
final class AgentRuntime implements SimRuntime {
    /**
     * Clock reads one step may make. Virtual time stands still while a thread runs, so a thread
     * that polls the clock until a deadline would spin for ever; a real program that reads the
     * clock this often without blocking is waiting for time.
     */
    static final int CLOCK_READS_PER_STEP = 100_000;

    /**
     * Loop samples ({@link Bridge#LOOP_SAMPLE} iterations each) one step may run: about 67
     * million iterations, a fraction of a second of spinning. A real program that loops this
     * long without blocking is a busy loop (a retry without a pause, a flag polled in a loop);
     * in the simulation it would spin for ever, since time passes only while threads block.
     */
    static final int LOOP_SAMPLES_PER_STEP = 1024;
    /** Frames of the spinning thread's stack that its report shows. */
    private static final int STACK_FRAMES_SHOWN = 12;

    /** Unwinds a simulated thread that the runtime stopped; the run's failure says why. */
    static final class Stopped extends Error {
        private static final long serialVersionUID = 1L;

        Stopped() {
            super("stopped by the simulation", null, false, false);
        }
    }

    private static final ThreadRandomFields RANDOM_FIELDS = ThreadRandomFields.find();

    private final SimulatedThreads threads;
    private final SimulatedThreads.Host host;
    private final Choices random;
    private final SimulatedMonitors monitors;
    private final long salt;
    private long seedsHandedOut;
    private long randomBase;
    private boolean randomBaseDrawn;
    private int clockReads;
    private int loopSamples;

    /**
     * Whether identity hashes are the same in every run. They come from a generator whose state
     * depends on everything the JVM did before, and code under test iterates hash-ordered sets
     * of identity-hashed objects (Curator keys its listeners by lambdas), so runs can only
     * replay when every identity hash is one constant (-XX:hashCode=2).
     */
    static final boolean IDENTITY_HASHES_CONSTANT = new Object().hashCode() == new Object().hashCode();

    AgentRuntime(SimulatedThreads threads, SimulatedThreads.Host host, Choices choices) {
        if (!IDENTITY_HASHES_CONSTANT) {
            threads.fail(FailureKind.NONDETERMINISM, "code under the zksim agent runs in this JVM, whose identity"
                    + " hashes differ from run to run; add -XX:+UnlockExperimentalVMOptions -XX:hashCode=2 to the"
                    + " JVM's options (the launcher does)", null);
        }
        this.threads = threads;
        this.host = host;
        this.random = choices.stream("random");
        // Each set of threads belongs to its own process, whose stream label is unique in the
        // run: mixed into every seed, it keeps two processes' random values apart even when the
        // shrinker has lowered all their draws to zero (two Curator clients with one
        // protected-mode UUID would find each other's lock nodes).
        this.salt = mix(choices.label().hashCode());
        this.monitors = new SimulatedMonitors(choices.stream("monitors"));
    }

    /** Ends every wait in {@code Object.wait} of these threads, as a spurious wake-up: how many it ended. */
    int wakeWaiters() {
        return monitors.wakeAll();
    }

    /** Makes the next wait in {@code Object.wait} of these threads end at once. */
    void wakeNextWait() {
        monitors.wakeNext();
    }

    /** A scheduling step begins: the clock-read budget starts again. */
    void stepStarts() {
        clockReads = 0;
        loopSamples = 0;
    }

    @Override
    public long nowMicros() {
        return host.now();
    }

    @Override
    public void clockRead() {
        if (++clockReads == CLOCK_READS_PER_STEP) {
            stop(FailureKind.NONDETERMINISM, "read the clock " + CLOCK_READS_PER_STEP
                    + " times without blocking: it waits for time to pass, which in the simulation passes only"
                    + " while threads block (sleep or wait instead of polling the clock)");
        }
    }

    @Override
    public void loopSample() {
        if (++loopSamples == LOOP_SAMPLES_PER_STEP) {
            stop(FailureKind.LIVENESS_TIMEOUT, "looped " + (long) LOOP_SAMPLES_PER_STEP * Bridge.LOOP_SAMPLE
                    + " times without blocking: a busy loop, which never lets time pass in the simulation"
                    + " (block, sleep or wait between attempts)", UserFrame.stack(STACK_FRAMES_SHOWN));
        }
    }

    @Override
    public void parkNanos(Object blocker, long nanos) {
        Thread self = Thread.currentThread();
        boolean[] done = {false};
        long micros = toMicros(nanos);
        if (micros > 0) {
            host.schedule(micros, () -> {
                if (!done[0]) {
                    LockSupport.unpark(self);
                }
            });
        }
        LockSupport.park(blocker);
        done[0] = true;
    }

    @Override
    public void sleepNanos(long nanos) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException("sleep interrupted");
        }
        long deadline = host.now() + toMicros(nanos);
        while (host.now() < deadline) {
            parkNanos(this, (deadline - host.now()) * 1000);
            if (Thread.interrupted()) {
                throw new InterruptedException("sleep interrupted");
            }
        }
    }

    /** Nanoseconds to whole microseconds, rounded up so that a short wait still lets time pass. */
    static long toMicros(long nanos) {
        if (nanos <= 0) {
            return 0;
        }
        long micros = nanos / 1000 + (nanos % 1000 == 0 ? 0 : 1);
        // Beyond a century of virtual time a deadline is "never"; it must not overflow the clock.
        return Math.min(micros, 100L * 365 * 24 * 3600 * 1_000_000L);
    }

    @Override
    public Object monitorEnter(Object lock) {
        return monitors.enter(lock);
    }

    @Override
    public Object monitorExit(Object lock) {
        return monitors.exit(lock);
    }

    @Override
    public void monitorWait(Object lock, long millis, int nanos) throws InterruptedException {
        long timeoutNanos = millis == 0 && nanos == 0 ? 0 : millis * 1_000_000L + nanos;
        if (monitors.await(lock, timeoutNanos, this)) {
            host.trace(new SimulatedThreads.WaitEndedAtOnce(Thread.currentThread().getName()));
        }
    }

    @Override
    public void monitorNotify(Object lock, boolean all) {
        monitors.signal(lock, all);
    }

    @Override
    public boolean holdsMonitor(Object lock) {
        return monitors.holds(lock);
    }

    @Override
    public Thread adoptThread(Thread built) {
        Thread.UncaughtExceptionHandler handler = built.getUncaughtExceptionHandler();
        Thread adopted = threads.newThread(built.getName(), built::run);
        if (handler != built.getThreadGroup()) {
            adopted.setUncaughtExceptionHandler(handler);
        }
        return adopted;
    }

    @Override
    public void beforeStart(Thread thread) {
        if (threads.isLive(thread) || thread.getState() != Thread.State.NEW) {
            return;
        }
        String kind = thread.isVirtual() ? "a virtual thread on the JDK's scheduler"
                : "a platform thread of class " + thread.getClass().getName();
        stop(FailureKind.NONDETERMINISM, "started " + kind + " at " + UserFrame.caller()
                + ", which the agent cannot put under the simulation (build threads with new Thread(Runnable),"
                + " a ThreadFactory or an executor)");
    }

    @Override
    public boolean join(Thread thread, long nanos) throws InterruptedException {
        long deadline = nanos == 0 ? Long.MAX_VALUE : host.now() + toMicros(nanos);
        while (thread.isAlive() && host.now() < deadline) {
            if (!threads.isLive(thread)) {
                // Not one of ours (it could only have been started outside the simulation).
                thread.join();
                break;
            }
            // The thread's end unparks its joiners; a deadline ends the park as a sleep's does.
            threads.awaitEnd(thread, () -> {
                if (deadline == Long.MAX_VALUE) {
                    LockSupport.park(thread);
                } else {
                    parkNanos(thread, (deadline - host.now()) * 1000);
                }
            });
            if (Thread.interrupted()) {
                throw new InterruptedException("join interrupted");
            }
        }
        return !thread.isAlive();
    }

    @Override
    public long randomSeed() {
        return mix(salt ^ mix(++seedsHandedOut) ^ (base() + random.draw(Long.MAX_VALUE)));
    }

    @Override
    public Executor asyncExecutor() {
        return task -> threads.newThread("async", task).start();
    }

    /** Gives a new simulated thread's ThreadLocalRandom a state derived from the run's seed. */
    void seedThreadLocalRandom(int threadIndex) {
        RANDOM_FIELDS.seed(Thread.currentThread(), mix(salt ^ base() ^ (0x9E3779B97F4A7C15L * (threadIndex + 1))));
    }

    private long base() {
        if (!randomBaseDrawn) {
            randomBaseDrawn = true;
            randomBase = random.draw(Long.MAX_VALUE);
        }
        return randomBase;
    }

    /** Ends the calling thread's step: records why and unwinds it, so the run fails in one line. */
    private void stop(FailureKind kind, String what) {
        stop(kind, what, "");
    }

    /** Ends the run with {@code what} the thread did, where, and {@code detail} on further lines. */
    private void stop(FailureKind kind, String what, String detail) {
        threads.fail(kind, "simulated thread '" + Thread.currentThread().getName() + "' " + what
                + " [" + UserFrame.caller() + "]" + detail, null);
        throw new Stopped();
    }

    /** SplitMix64's finaliser: neighbouring inputs give unrelated seeds. */
    static long mix(long value) {
        long z = value + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * The fields in which the JDK keeps a thread's ThreadLocalRandom state. Seeding them when a
     * simulated thread starts makes {@code ThreadLocalRandom.current()} replay with the seed
     * (and keeps it away from the JDK's global seeder, whose state depends on the JVM's past).
     */
    @SuppressForbidden("reads java.lang.Thread's private ThreadLocalRandom fields")
    private record ThreadRandomFields(VarHandle seed, VarHandle probe, VarHandle secondary) {
        static ThreadRandomFields find() {
            try {
                MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup());
                return new ThreadRandomFields(lookup.findVarHandle(Thread.class, "threadLocalRandomSeed", long.class),
                        lookup.findVarHandle(Thread.class, "threadLocalRandomProbe", int.class),
                        lookup.findVarHandle(Thread.class, "threadLocalRandomSecondarySeed", int.class));
            } catch (ReflectiveOperationException | RuntimeException e) {
                return new ThreadRandomFields(null, null, null);
            }
        }

        void seed(Thread thread, long value) {
            if (seed == null) {
                return;
            }
            seed.set(thread, value);
            int probeValue = (int) (value >>> 32);
            probe.set(thread, probeValue == 0 ? 1 : probeValue);
            secondary.set(thread, (int) value);
        }
    }
}

package dev.zksim.sweep;

import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.scenario.RunLimits;
import dev.zksim.scenario.RunawayRun;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The wall-clock bound of a run, kept out of simulation code: a run's thread carries a
 * cancellation flag that the runner polls between slices of events (see {@link RunLimits}),
 * a watchdog sets the flag when the run's time is up, and a run that still does not return
 * (stuck inside one event) is abandoned on its own daemon thread after a grace period.
 */
@SuppressForbidden("the wall-clock watchdog of a run: a thread, the clock and a flag, outside the simulation")
public final class WallClock {
    /** Time a cancelled run gets to notice the flag before it is abandoned. */
    static final long GRACE_MILLIS = 10_000;

    private static final ThreadLocal<AtomicBoolean> CANCEL = new ThreadLocal<>();

    private WallClock() {
    }

    /** The limits with this thread's cancellation flag as their check. */
    public static RunLimits cancellable(RunLimits limits) {
        return limits.withCancellation(WallClock::cancelled);
    }

    static boolean cancelled() {
        AtomicBoolean flag = CANCEL.get();
        return flag != null && flag.get();
    }

    /** Makes {@code flag} the cancellation flag of runs on this thread (null to clear). */
    static void bind(AtomicBoolean flag) {
        if (flag == null) {
            CANCEL.remove();
        } else {
            CANCEL.set(flag);
        }
    }

    /**
     * Runs {@code run} (which must use {@link #cancellable} limits) on a daemon thread and
     * waits at most {@code limitMillis} for it, then cancels it; a run that does not end
     * within the grace period after that is abandoned with a {@link RunawayRun}-like error.
     */
    public static <T> T call(Supplier<T> run, long limitMillis, Supplier<RuntimeException> abandoned) {
        AtomicBoolean flag = new AtomicBoolean();
        Object[] result = new Object[1];
        Throwable[] error = new Throwable[1];
        Thread thread = new Thread(() -> {
            bind(flag);
            try {
                result[0] = run.get();
            } catch (Throwable t) {
                error[0] = t;
            } finally {
                bind(null);
            }
        }, "zksim-run");
        thread.setDaemon(true);
        thread.start();
        try {
            thread.join(limitMillis);
            if (thread.isAlive()) {
                flag.set(true);
                thread.join(GRACE_MILLIS);
            }
        } catch (InterruptedException e) {
            flag.set(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the run", e);
        }
        if (thread.isAlive()) {
            throw abandoned.get();
        }
        if (error[0] instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (error[0] instanceof Error fatal) {
            throw fatal;
        }
        @SuppressWarnings("unchecked")
        T value = (T) result[0];
        return value;
    }
}

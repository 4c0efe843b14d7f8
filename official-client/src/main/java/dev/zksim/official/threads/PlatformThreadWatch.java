package dev.zksim.official.threads;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.SuppressForbidden;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Notices platform threads that user code starts from a simulated thread. The JDK puts a
 * platform thread created by a virtual thread (directly or through an executor's default
 * thread factory) into the thread group that all virtual threads share, which otherwise holds
 * no platform threads; a step after which that group has more live threads started one.
 *
 * <p>Counting the group's live threads walks every platform thread of the JVM, which cost 2%
 * of a Curator sweep when it was done twice for every step. The JVM's count of platform threads
 * ever started ({@link ThreadMXBean#getTotalStartedThreadCount}) is one read; while it stands
 * still no thread can have joined the group, so the group is counted only when it moved, or
 * when the group was not empty and may have lost a thread since.
 */
@SuppressForbidden("counts the platform threads that user code started, to report them")
final class PlatformThreadWatch {
    private static final ThreadGroup VIRTUAL_GROUP = Thread.ofVirtual().unstarted(() -> { }).getThreadGroup();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** The started count when {@link #live} was last exact, and the group's live threads then. */
    private long started = -1;
    private int live;

    /** Live platform threads in the virtual threads' group. */
    static int count() {
        return VIRTUAL_GROUP.activeCount();
    }

    /** Before a step: makes the group's count exact, counting only if it may have changed. */
    void beforeStep() {
        long now = THREADS.getTotalStartedThreadCount();
        if (now != started || live > 0) {
            live = count();
            started = now;
        }
    }

    /** After a step: fails the run if the step left more such threads than were there before it. */
    void failIfStarted(long time) {
        long now = THREADS.getTotalStartedThreadCount();
        if (now == started) {
            return;
        }
        int after = count();
        started = now;
        if (after > live) {
            throw new SimulationFailure(FailureKind.NONDETERMINISM, time,
                    "a simulated thread started a platform thread (new Thread or an executor), which runs outside"
                            + " the simulation; start threads with SimulatedThreads.start");
        }
        live = after;
    }
}

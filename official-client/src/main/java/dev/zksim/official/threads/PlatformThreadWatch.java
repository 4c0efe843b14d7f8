package dev.zksim.official.threads;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.SuppressForbidden;

/**
 * Notices platform threads that user code starts from a simulated thread. The JDK puts a
 * platform thread created by a virtual thread (directly or through an executor's default
 * thread factory) into the thread group that all virtual threads share, which otherwise holds
 * no platform threads; a step after which that group has more live threads started one.
 */
@SuppressForbidden("counts the platform threads that user code started, to report them")
final class PlatformThreadWatch {
    private static final ThreadGroup VIRTUAL_GROUP = Thread.ofVirtual().unstarted(() -> { }).getThreadGroup();

    private PlatformThreadWatch() {
    }

    /** Live platform threads in the virtual threads' group. */
    static int count() {
        return VIRTUAL_GROUP.activeCount();
    }

    /** Fails the run if a step left more such threads than were there before it. */
    static void failIfStarted(int before, long now) {
        int after = count();
        if (after > before) {
            throw new SimulationFailure(FailureKind.NONDETERMINISM, now,
                    "a simulated thread started a platform thread (new Thread or an executor), which runs outside"
                            + " the simulation; start threads with SimulatedThreads.start");
        }
    }
}

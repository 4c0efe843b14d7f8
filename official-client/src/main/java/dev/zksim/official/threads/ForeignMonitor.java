package dev.zksim.official.threads;

import dev.zksim.kernel.SuppressForbidden;
import java.util.Collection;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * Waits out a real monitor that a simulated thread found taken by code outside its simulation.
 * Under the agent, the monitors of code under test are the simulation's; what is left are the
 * JDK's own (a class being initialised, a stream's lock) and those of uninstrumented code,
 * which another simulation on another sweep thread may hold for a moment. Such a holder lets
 * go without any help from this simulation, so the driver waits for it (in real time, since
 * nothing simulated is involved) and then runs the thread on, exactly where it stood, which
 * keeps the run the same whatever the other thread did. A monitor that is not let go within
 * the bound is held by a thread of this very simulation that is parked, and stays an error.
 */
@SuppressForbidden("waits in real time for a monitor held outside the simulation")
final class ForeignMonitor {
    private static final long BOUND_NANOS = TimeUnit.SECONDS.toNanos(5);

    private ForeignMonitor() {
    }

    /**
     * Waits until the JDK hands the blocked thread's continuation back (it arrives as a
     * foreign wake-up). False if it did not come in time. Leaving BLOCKED is not the arrival:
     * the JDK's unblocker marks the thread unblocked (it reads RUNNABLE) and submits it a moment
     * later, so the wait goes on through RUNNABLE; a step that ended in that moment let the run
     * end with the thread never resumed.
     */
    static boolean awaitRelease(Thread blocked, Queue<Runnable> foreignTasks) {
        long deadline = System.nanoTime() + BOUND_NANOS;
        while (foreignTasks.isEmpty() && isBlockedOrUnblocking(blocked.getState())) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            LockSupport.parkNanos(50_000);
        }
        return true;
    }

    /**
     * Waits while more simulated threads read RUNNABLE than there are continuations queued to
     * run them ({@code queued}: the ready ones and the JDK's hand-backs so far). Such a thread
     * is inside the JDK's hand-back after monitor contention: marked unblocked, not yet
     * submitted. Read RUNNABLE already at the end of a step (the unblocker quick to mark it and
     * slow to submit it, as on a loaded machine), it would otherwise let the step end without
     * it and the run end with the thread never resumed. Gives up after the same bound.
     */
    static void awaitUnblocking(Collection<Thread> live, IntSupplier queued) {
        long deadline = System.nanoTime() + BOUND_NANOS;
        while (runnable(live) > queued.getAsInt() && System.nanoTime() <= deadline) {
            LockSupport.parkNanos(50_000);
        }
    }

    private static int runnable(Collection<Thread> live) {
        int count = 0;
        for (Thread thread : live) {
            if (thread.getState() == Thread.State.RUNNABLE) {
                count++;
            }
        }
        return count;
    }

    private static boolean isBlockedOrUnblocking(Thread.State state) {
        return state == Thread.State.BLOCKED || state == Thread.State.RUNNABLE;
    }

    /**
     * Gives every continuation the JDK handed back after monitor contention to {@code ready},
     * at the end of the step in which its thread blocked, whenever during the step it came.
     */
    static void adoptHandBacks(Queue<String> foreignWakes, Queue<Runnable> foreignTasks, Consumer<Runnable> ready) {
        while (BlockingDiagnosis.isMonitorHandBack(foreignWakes.peek())) {
            foreignWakes.poll();
            ready.accept(foreignTasks.poll());
        }
    }
}

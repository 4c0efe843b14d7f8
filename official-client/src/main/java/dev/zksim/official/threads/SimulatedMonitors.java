package dev.zksim.official.threads;

import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.kernel.choice.Choices;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * The monitors ({@code synchronized}, {@code wait}, {@code notify}) of code rewritten by the
 * agent, when it runs on simulated threads. The JDK resolves a contended monitor, and the
 * wake-up after {@code notify}, on a thread of its own and on the real clock; here the
 * simulation does it: a thread that finds a monitor taken parks (untimed, so the simulation
 * decides when it runs again), and a released monitor or a {@code notify} wakes a waiter chosen
 * by the choice stream, since the JVM leaves that choice unspecified.
 *
 * <p>The bytecode still enters a real monitor, but on an object private to the thread, so that
 * the real one is never contended and the JVM's structured-locking rules still hold.
 */
@SuppressForbidden("parks and unparks simulated threads; the table is looked up by identity, never iterated")
final class SimulatedMonitors {
    private static final ThreadLocal<Object> PRIVATE_LOCK = ThreadLocal.withInitial(Object::new);

    /** One monitor: its owner and hold count, the threads waiting to enter and those in wait(). */
    @SuppressForbidden("holds the simulated thread that owns the monitor")
    private static final class Monitor {
        Thread owner;
        int holds;
        final List<Thread> entering = new ArrayList<>();
        final List<Waiter> waiting = new ArrayList<>();

        boolean idle() {
            return owner == null && entering.isEmpty() && waiting.isEmpty();
        }
    }

    /** A thread in wait() on a monitor, until a notify, its deadline, an interrupt or a spurious wake-up wakes it. */
    @SuppressForbidden("names the simulated thread that waits")
    private record Waiter(Thread thread, Monitor monitor) {
    }

    private final Map<Object, Monitor> table = new IdentityHashMap<>();
    /** Every thread in wait(), on any monitor, in the order they began to wait: the table is never iterated. */
    private final List<Waiter> waiters = new ArrayList<>();
    /** A spurious wake-up found no thread in wait(): the next wait() to begin ends at once. */
    private boolean wakeNextWait;
    private final Choices choices;

    SimulatedMonitors(Choices choices) {
        this.choices = choices;
    }

    /** Enters {@code lock}'s monitor, parking while another thread holds it. */
    Object enter(Object lock) {
        Monitor monitor = table.get(lock);
        if (monitor != null && monitor.owner == Thread.currentThread()) {
            monitor.holds++;
        } else {
            acquire(lock, 1);
        }
        return PRIVATE_LOCK.get();
    }

    /** Leaves {@code lock}'s monitor; the last exit hands it to a thread waiting to enter. */
    Object exit(Object lock) {
        Monitor monitor = owned(lock);
        if (--monitor.holds == 0) {
            release(lock, monitor);
        }
        return PRIVATE_LOCK.get();
    }

    boolean holds(Object lock) {
        Monitor monitor = table.get(lock);
        return monitor != null && monitor.owner == Thread.currentThread();
    }

    /**
     * {@code lock.wait(timeout)}: releases the monitor, waits, and enters it again. True if the
     * wait ended as it began, for a spurious wake-up that found no thread waiting.
     */
    boolean await(Object lock, long timeoutNanos, AgentRuntime time) throws InterruptedException {
        Monitor monitor = owned(lock);
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted before wait");
        }
        int holds = monitor.holds;
        Waiter waiter = new Waiter(Thread.currentThread(), monitor);
        monitor.waiting.add(waiter);
        waiters.add(waiter);
        monitor.holds = 0;
        release(lock, monitor);
        boolean interrupted = false;
        // A wake-up that a fault left for the next wait ends this one without parking.
        boolean atOnce = wakeNextWait;
        wakeNextWait = false;
        if (!atOnce && timeoutNanos > 0) {
            time.parkNanos(lock, timeoutNanos);
        } else if (!atOnce) {
            LockSupport.park(lock);
        }
        // One park: a notify, the deadline, an interrupt or a spurious wake-up all end wait(),
        // which the JVM allows ("spurious wakeup"), and callers loop on their condition.
        monitor.waiting.remove(waiter);
        waiters.remove(waiter);
        if (Thread.interrupted()) {
            interrupted = true;
        }
        acquire(lock, holds);
        if (interrupted) {
            throw new InterruptedException("interrupted in wait");
        }
        return atOnce;
    }

    /** {@code notify} or {@code notifyAll}: wakes one waiter (chosen) or all, in the order they waited. */
    void signal(Object lock, boolean all) {
        Monitor monitor = owned(lock);
        while (!monitor.waiting.isEmpty()) {
            int index = all || monitor.waiting.size() == 1 ? 0 : (int) choices.draw(monitor.waiting.size());
            Waiter woken = monitor.waiting.remove(index);
            waiters.remove(woken);
            LockSupport.unpark(woken.thread());
            if (!all) {
                return;
            }
        }
    }

    /**
     * Wakes every thread in wait() without a notify, in the order they began to wait, as the
     * JVM's spurious wake-up may: each takes its monitor again and returns from wait(). Called
     * between steps, by a fault; returns how many it woke.
     */
    int wakeAll() {
        int woken = waiters.size();
        for (Waiter waiter : waiters) {
            waiter.monitor().waiting.remove(waiter);
            LockSupport.unpark(waiter.thread());
        }
        waiters.clear();
        return woken;
    }

    /**
     * Makes the next wait() to begin end at once, for a spurious wake-up that found no thread
     * waiting: code that waits only now and then still meets the fault.
     */
    void wakeNext() {
        wakeNextWait = true;
    }

    private Monitor owned(Object lock) {
        Monitor monitor = table.get(lock);
        if (monitor == null || monitor.owner != Thread.currentThread()) {
            throw new IllegalMonitorStateException("current thread is not owner");
        }
        return monitor;
    }

    /**
     * Parks until the monitor is free, then takes it with {@code holds}. The monitor is looked
     * up again after every park, because a monitor that fell idle meanwhile left the table.
     * Entering a monitor cannot be interrupted, so an interrupt met while parked is kept.
     */
    private void acquire(Object lock, int holds) {
        Thread self = Thread.currentThread();
        boolean interrupted = false;
        Monitor monitor = table.computeIfAbsent(lock, l -> new Monitor());
        while (monitor.owner != null) {
            if (!monitor.entering.contains(self)) {
                monitor.entering.add(self);
            }
            LockSupport.park(lock);
            interrupted |= Thread.interrupted();
            monitor = table.computeIfAbsent(lock, l -> new Monitor());
        }
        monitor.entering.remove(self);
        monitor.owner = self;
        monitor.holds = holds;
        if (interrupted) {
            self.interrupt();
        }
    }

    private void release(Object lock, Monitor monitor) {
        monitor.owner = null;
        if (!monitor.entering.isEmpty()) {
            int size = monitor.entering.size();
            Thread next = monitor.entering.get(size == 1 ? 0 : (int) choices.draw(size));
            LockSupport.unpark(next);
        } else if (monitor.idle()) {
            table.remove(lock);
        }
    }
}

package dev.zksim.ensemble;

import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.kernel.Timer;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What a client program may use besides its ZooKeeper handle: its id, the simulated clock,
 * timers bound to its process (gone after a crash, late after a pause), its own choice
 * stream, the trace, and new sessions. Nothing here reaches into the ensemble's internals.
 */
public final class ClientContext {
    private final SimProcess process;
    /** The program's stream, asked for at every think time: looked up once, as a stream is the same object every time. */
    private final Choices programChoices;
    private final Function<Watcher, ZooKeeperClient> sessions;
    /** The threads of this start of the process that wait on the simulation's monitors, in the order they registered. */
    private final List<Waiters> waiters = new ArrayList<>();

    /**
     * Threads of a client's code under test that wait in {@code Object.wait} on the
     * simulation's monitors, as a {@code spurious-wakeup} fault reaches them.
     */
    public interface Waiters {
        /**
         * Ends every wait in {@code Object.wait} without a notify, as the JVM may; the number
         * it ended, or -1 if no code that waits so has run on these threads yet.
         */
        int wakeAll();

        /** Makes the next wait to begin on these threads end at once. */
        void wakeNext();
    }

    ClientContext(SimProcess process, Function<Watcher, ZooKeeperClient> sessions) {
        this.process = process;
        this.programChoices = process.choices().stream("program");
        this.sessions = sessions;
    }

    /**
     * Builds a new handle, and so a new session, in this running process, as an application
     * does after its session expired or it closed the old handle. The old handle is left as
     * it is (an expired handle stays dead; close it if it is still open). The new handle
     * becomes the client's current one: the one faults such as {@code expire c1} aim at.
     *
     * @param defaultWatcher receives the new handle's session events and default-watch events
     */
    public ZooKeeperClient newSession(Watcher defaultWatcher) {
        return sessions.apply(defaultWatcher);
    }

    public String id() {
        return process.id();
    }

    /** Simulated time in microseconds. */
    public long now() {
        return process.now();
    }

    public void schedule(long delayMicros, Runnable action) {
        process.schedule(delayMicros, action);
    }

    public Timer timer(long delayMicros, Runnable action) {
        return process.timer(delayMicros, action);
    }

    /** This client's own choice stream, e.g. for think times. */
    public Choices choices() {
        return programChoices;
    }

    public void trace(TraceEvent event) {
        process.trace(event);
    }

    /**
     * Adds threads that a {@code spurious-wakeup} fault on this client reaches. Simulated
     * threads of code under test register themselves; a program without such threads has no
     * waits to end. The registration lasts for this start of the process: a crash takes the
     * threads with it.
     */
    public void addWaiters(Waiters threads) {
        waiters.add(threads);
    }

    /**
     * Carries out a spurious-wakeup fault: ends every wait of the registered threads and
     * returns how many it ended. If none was waiting, the next wait to begin on each set of
     * threads ends at once instead, and the answer is 0; -1 if no code that waits on the
     * simulation's monitors has run in this process.
     */
    int spuriousWakeup() {
        boolean waitsHere = false;
        int woken = 0;
        for (Waiters threads : waiters) {
            int ended = threads.wakeAll();
            waitsHere |= ended >= 0;
            woken += Math.max(ended, 0);
        }
        if (!waitsHere) {
            return -1;
        }
        if (woken == 0) {
            waiters.forEach(Waiters::wakeNext);
        }
        return woken;
    }
}

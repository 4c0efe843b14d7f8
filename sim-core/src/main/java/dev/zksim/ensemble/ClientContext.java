package dev.zksim.ensemble;

import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.kernel.Timer;
import java.util.function.Function;
import java.util.function.IntSupplier;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.TraceEvent;

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
    /** Ends this incarnation's waits in {@code Object.wait} at a spurious-wakeup fault; none unless a runtime registers. */
    private IntSupplier spuriousWakeup = () -> 0;

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
     * Registers what a {@code spurious-wakeup} fault on this client does: {@code wake} ends
     * every wait in {@code Object.wait} of the program's threads, as the JVM may without a
     * notify, and says how many it ended. Simulated threads register it; a program without
     * threads of its own has no such waits. The registration lasts for this start of the
     * process: a crash takes the threads with it.
     */
    public void onSpuriousWakeup(IntSupplier wake) {
        spuriousWakeup = wake;
    }

    /** Carries out a spurious-wakeup fault: the number of waits it ended. */
    int spuriousWakeup() {
        return spuriousWakeup.getAsInt();
    }
}

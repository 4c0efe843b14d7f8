package dev.zksim.ensemble;

import dev.zksim.kernel.Timer;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.TraceEvent;

/**
 * What a client program may use besides its ZooKeeper handle: its id, the simulated clock,
 * timers bound to its process (gone after a crash, late after a pause), its own choice
 * stream and the trace. Nothing here reaches into the ensemble's internals.
 */
public final class ClientContext {
    private final SimProcess process;

    ClientContext(SimProcess process) {
        this.process = process;
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
        return process.choices().stream("program");
    }

    public void trace(TraceEvent event) {
        process.trace(event);
    }
}

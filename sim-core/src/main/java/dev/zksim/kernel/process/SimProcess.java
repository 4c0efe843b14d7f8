package dev.zksim.kernel.process;

import dev.zksim.kernel.EventGate;
import dev.zksim.kernel.GatedEvent;
import dev.zksim.kernel.Heartbeat;
import dev.zksim.kernel.PendingDescription;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.Timer;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.kernel.disk.Disk;
import dev.zksim.kernel.trace.EventKey;
import dev.zksim.kernel.trace.TraceEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One simulated process and its lifecycle: start, crash (volatile state gone, disk kept),
 * restart, pause and resume. Everything a process does runs through {@link #schedule} or
 * {@link #timer}, which bind the action to the current incarnation: after a crash the old
 * incarnation's timers and deliveries are dropped, and while paused they wait in order and
 * run, late, when the process resumes, the way a stopped JVM catches up after a GC pause.
 * The process is the {@link EventGate} of its timers and of the messages delivered to it,
 * which carry their incarnation themselves; other actions are wrapped.
 */
public final class SimProcess implements EventGate {
    public enum State { NEW, RUNNING, PAUSED, CRASHED }

    private final Simulation simulation;
    private final String id;
    private final Function<SimProcess, Node> factory;
    private final Disk disk;
    private final Choices choices;
    private final List<ProcessListener> listeners = new ArrayList<>();
    private final ArrayDeque<Runnable> deferred = new ArrayDeque<>();
    private State state = State.NEW;
    private int incarnation;
    private Node node;

    public SimProcess(Simulation simulation, String id, Function<SimProcess, Node> factory, CrashPolicy crashPolicy) {
        this.simulation = simulation;
        this.id = id;
        this.factory = factory;
        this.disk = new Disk(crashPolicy);
        this.choices = simulation.choices().stream("process").stream(id);
    }

    public String id() {
        return id;
    }

    public State state() {
        return state;
    }

    public boolean isUp() {
        return state == State.RUNNING || state == State.PAUSED;
    }

    /** Counts starts: 1 after the first start, 2 after the first restart. */
    public int incarnation() {
        return incarnation;
    }

    /** The current behaviour object, or null while crashed or before the first start. */
    public Node node() {
        return node;
    }

    public Disk disk() {
        return disk;
    }

    /** This process's own choice stream ("process/ID"). */
    public Choices choices() {
        return choices;
    }

    public Simulation simulation() {
        return simulation;
    }

    public long now() {
        return simulation.now();
    }

    public void addListener(ProcessListener listener) {
        listeners.add(listener);
    }

    public void trace(TraceEvent event) {
        simulation.trace().emit(id, event);
    }

    /**
     * Whether a traced event is read as well as counted ({@link dev.zksim.kernel.trace.Trace#wantsEvents}):
     * the hottest call sites build their event only then, and otherwise {@link #countOnly}.
     */
    public boolean tracing() {
        return simulation.trace().wantsEvents();
    }

    /** Counts an event of the key's class that nothing would read, without building it. */
    public void countOnly(EventKey key) {
        simulation.trace().countOnly(key);
    }

    /** Starts a new process, or restarts a crashed one from what its disk kept. */
    public void start() {
        if (isUp()) {
            throw new IllegalStateException(id + " is already " + state);
        }
        incarnation++;
        state = State.RUNNING;
        trace(new ProcessEvent.Started(incarnation));
        node = factory.apply(this);
        for (ProcessListener listener : List.copyOf(listeners)) {
            listener.started(this);
        }
        node.start();
    }

    /** Kills the process: volatile state, timers and queued work are gone; the disk stays. */
    public void crash() {
        if (!isUp()) {
            return;
        }
        trace(new ProcessEvent.Crashed(incarnation));
        state = State.CRASHED;
        node = null;
        deferred.clear();
        disk.crash(simulation.choices().stream("disk").stream(id));
        for (ProcessListener listener : List.copyOf(listeners)) {
            listener.crashed(this);
        }
    }

    /** Stops running handlers; what arrives in the meantime waits. */
    public void pause() {
        if (state == State.RUNNING) {
            state = State.PAUSED;
            trace(new ProcessEvent.Paused());
        }
    }

    /** Runs, in order and now, everything that arrived or fell due while paused. */
    public void resume() {
        if (state != State.PAUSED) {
            return;
        }
        state = State.RUNNING;
        trace(new ProcessEvent.Resumed(deferred.size()));
        if (!deferred.isEmpty()) {
            int drainingIncarnation = incarnation;
            simulation.schedule(0, () -> drainDeferred(drainingIncarnation));
        }
    }

    /**
     * Runs the deferred work in arrival order. Work that falls due before the drain runs
     * joins the back of the queue instead of overtaking it, which keeps connections FIFO.
     */
    private void drainDeferred(int drainingIncarnation) {
        while (!deferred.isEmpty() && state == State.RUNNING && incarnation == drainingIncarnation) {
            deferred.poll().run();
        }
    }

    /** Runs the action in this process after the delay, if this incarnation is still alive. */
    public void schedule(long delay, Runnable action) {
        simulation.schedule(delay, new Bound(incarnation, action));
    }

    /** A cancellable {@link #schedule}: one object in the queue, gated by this process. */
    public Timer timer(long delay, Runnable action) {
        Timer timer = new Timer(action, this, incarnation);
        simulation.schedule(delay, timer);
        return timer;
    }

    /** Like {@link #timer} for a {@link Heartbeat}: a ping, a report of touches, a liveness check. */
    public Timer heartbeat(long delay, Runnable action) {
        Timer timer = new Timer(action, this, incarnation, true);
        simulation.schedule(delay, timer);
        return timer;
    }

    /**
     * Whether the process holds nothing back: it is not paused and has run everything that
     * fell due while it was (a crashed or never started process holds nothing either).
     */
    public boolean holdsNothing() {
        return state != State.PAUSED && deferred.isEmpty();
    }

    @Override
    public boolean drops(int boundIncarnation) {
        return boundIncarnation != incarnation || state == State.CRASHED;
    }

    /**
     * Whether an event of the given incarnation runs now: a dead incarnation's is dropped,
     * and while the process is paused, or has not yet run what it held, the event is held
     * to run in order after what arrived before it.
     */
    @Override
    public boolean admits(int boundIncarnation, GatedEvent event) {
        if (drops(boundIncarnation)) {
            return false;
        }
        if (state == State.PAUSED || !deferred.isEmpty()) {
            deferred.add(event::runAdmitted);
            return false;
        }
        return true;
    }

    /** Whose event it is and whether it is stale (a dead incarnation's). */
    @Override
    public long stateHash(int boundIncarnation) {
        return id.hashCode() * 31L + (boundIncarnation == incarnation ? 1 : 0);
    }

    /** An action tied to one incarnation of this process. */
    private final class Bound implements Runnable, PendingDescription, Heartbeat {
        private final int boundIncarnation;
        private final Runnable action;

        Bound(int boundIncarnation, Runnable action) {
            this.boundIncarnation = boundIncarnation;
            this.action = action;
        }

        @Override
        public void run() {
            if (drops(boundIncarnation)) {
                return;
            }
            if (state == State.PAUSED || !deferred.isEmpty()) {
                deferred.add(action);
                return;
            }
            action.run();
        }

        /** Work of a live incarnation is never a heartbeat; a dead one's is dropped and does nothing. */
        @Override
        public boolean isHeartbeat() {
            return drops(boundIncarnation);
        }

        /** Whose event it is, whether it is stale (a dead incarnation's) and what it does. */
        @Override
        public long stateHash() {
            long own = SimProcess.this.stateHash(boundIncarnation);
            return action instanceof PendingDescription described ? own * 0x9E3779B97F4A7C15L + described.stateHash() : own;
        }
    }

    @Override
    public String toString() {
        return id + "(" + state + ", incarnation " + incarnation + ")";
    }
}

package dev.zksim.kernel;

import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.trace.Trace;

/**
 * The heart of a simulated run: a virtual clock, the event queue, the run's {@link Choices},
 * its {@link Trace} and the registry of open {@link Waits}. One simulation runs on one
 * thread; everything in it happens inside {@link #run(RunBounds)}, one event at a time, in
 * (time, insertion) order. Time jumps straight to the next event: nothing ever sleeps.
 */
public final class Simulation {
    private final EventQueue queue = new EventQueue();
    private final Choices choices;
    private final Trace trace;
    private final Waits waits = new Waits();
    private long now;
    private long dispatched;
    private String stopReason;

    public Simulation(Choices choices) {
        this.choices = choices;
        this.trace = new Trace(this::now);
    }

    /** The current simulated time in microseconds. */
    public long now() {
        return now;
    }

    public Choices choices() {
        return choices;
    }

    public Trace trace() {
        return trace;
    }

    /** Number of events dispatched so far (cancelled timers included). */
    public long eventsDispatched() {
        return dispatched;
    }

    /** Runs the action after the delay (microseconds, zero or more). */
    public void schedule(long delay, Runnable action) {
        if (delay < 0) {
            throw new IllegalArgumentException("negative delay: " + delay);
        }
        queue.add(now + delay, action);
    }

    /** Runs the action at an absolute time, which must not be in the past. */
    public void scheduleAt(long time, Runnable action) {
        if (time < now) {
            throw new IllegalArgumentException("time " + Time.formatSeconds(time) + " is before now " + Time.formatSeconds(now));
        }
        queue.add(time, action);
    }

    /** Like {@link #schedule} but the returned timer can be cancelled. */
    public Timer timer(long delay, Runnable action) {
        Timer timer = new Timer(action);
        schedule(delay, timer);
        return timer;
    }

    /**
     * Like {@link #timer} for an action that is a {@link Heartbeat}: a periodic check or ping
     * that changes nothing while everyone answers it.
     */
    public Timer heartbeat(long delay, Runnable action) {
        Timer timer = new Timer(action, null, 0, true);
        schedule(delay, timer);
        return timer;
    }

    /**
     * Whether every pending event is a {@link Heartbeat}: nothing is scheduled that would
     * change state unless a heartbeat went unanswered. A scan of the queue, which holds a few
     * dozen events in a typical run; callers ask now and then, not after every event.
     */
    public boolean onlyHeartbeatsPending() {
        return queue.allMatch(action -> action instanceof Heartbeat heartbeat && heartbeat.isHeartbeat());
    }

    /** Opens a wait (see {@link Waits}) stamped with the current time. */
    public Waits.Wait await(String what) {
        return waits.open(what, now);
    }

    public Waits waits() {
        return waits;
    }

    /** Ends the current {@link #run} after the event in progress. */
    public void stop(String reason) {
        this.stopReason = reason;
    }

    /**
     * Dispatches events until none is left, a bound is reached or {@link #stop} is called.
     * A handler that throws ends the run: a {@link SimulationFailure} propagates as it is,
     * anything else becomes a {@link FailureKind#SIMULATOR_CRASH} stamped with the time.
     */
    public RunResult run(RunBounds bounds) {
        stopReason = null;
        long eventLimit = bounds.maxEvents();
        long timeLimit = bounds.maxTime();
        long count = 0;
        try {
            while (!queue.isEmpty()) {
                if (stopReason != null) {
                    return result(RunResult.Outcome.STOPPED);
                }
                if (count >= eventLimit) {
                    return result(RunResult.Outcome.EVENT_BOUND);
                }
                long time = queue.peekTime();
                if (time > timeLimit) {
                    now = Math.max(now, timeLimit);
                    return result(RunResult.Outcome.TIME_BOUND);
                }
                now = time;
                count++;
                dispatched++;
                queue.poll().run();
            }
        } catch (SimulationFailure failure) {
            throw failure;
        } catch (RuntimeException | AssertionError e) {
            throw handlerThrew(e);
        }
        return result(stopReason != null ? RunResult.Outcome.STOPPED : RunResult.Outcome.QUIESCENT);
    }

    /** A handler that throws anything but a typed failure is a crash of the simulator at this instant. */
    private SimulationFailure handlerThrew(Throwable e) {
        return new SimulationFailure(FailureKind.SIMULATOR_CRASH, now, "handler threw " + ProgrammingErrors.describe(e), e);
    }

    /**
     * Dispatches the earliest pending event if it is due by {@code timeLimit}, and returns
     * whether it did. The explorer steps a run one event at a time with this so that it can
     * look at the state between events (hash it, check invariants, inject a fault); a
     * sequence of steps dispatches exactly the events, in the same order, as one
     * {@link #run(RunBounds)} to the same time limit.
     */
    public boolean step(long timeLimit) {
        if (queue.isEmpty() || queue.peekTime() > timeLimit) {
            return false;
        }
        now = queue.peekTime();
        dispatched++;
        try {
            queue.poll().run();
        } catch (SimulationFailure failure) {
            throw failure;
        } catch (RuntimeException | AssertionError e) {
            throw handlerThrew(e);
        }
        return true;
    }

    /**
     * An order-independent digest of the pending events, each by its time relative to now
     * and, for events that describe themselves, by what they carry (see
     * {@link PendingDescription}). Part of the explorer's abstract state.
     */
    public long pendingDigest() {
        return queue.pendingDigest(now);
    }

    /** Runs until the given absolute time, then leaves the clock there. */
    public RunResult runUntil(long time) {
        RunResult result = run(RunBounds.time(time));
        if (now < time && result.outcome() != RunResult.Outcome.STOPPED) {
            now = time;
        }
        return result;
    }

    private RunResult result(RunResult.Outcome outcome) {
        return new RunResult(outcome, now, dispatched, queue.size(), waits.describeOpen(), stopReason);
    }
}

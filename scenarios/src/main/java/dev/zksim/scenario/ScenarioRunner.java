package dev.zksim.scenario;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.RunResult;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.ReplayingChoices;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.kernel.trace.TraceSink;
import dev.zksim.nemesis.FaultPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Runs one {@link RunSpec} from scratch: draws the knobs, builds the ensemble, installs the
 * workload, schedules the fault plan, and at the end of the fault window heals everything
 * (resumes, restarts) so the rest of the run can demand progress. The ensemble's
 * self-checks fail the run as soon as they trip; the scenario's invariants are checked
 * over the history at the end. Every choice is recorded for the shrinker, but in the first
 * pass of {@link #runDigestingFailures}, which runs a failing seed again in full.
 */
public final class ScenarioRunner {
    /** The digest of an outcome run without the trace digest (a sweep's first pass over a seed). */
    public static final String NO_DIGEST = "-";
    /** Events dispatched between two looks at the cancellation check. */
    private static final long SLICE_EVENTS = 20_000;
    /** Events between two looks at the prefix-final checkers when stopping at the first violation. */
    private static final long CHECK_EVERY_EVENTS = 64;

    private final ScenarioCatalog catalog;
    private final RunLimits limits;
    private final boolean stopAtFirstViolation;
    private final boolean digesting;
    /** False only for a sweep's first pass over a seed ({@link #runDigestingFailures}). */
    private final boolean recordingChoices;

    public ScenarioRunner(ScenarioCatalog catalog) {
        this(catalog, RunLimits.DEFAULT);
    }

    /** A runner whose every run is cut at these limits (see {@link RunawayRun}). */
    public ScenarioRunner(ScenarioCatalog catalog, RunLimits limits) {
        this(catalog, limits, false, true, true);
    }

    private ScenarioRunner(ScenarioCatalog catalog, RunLimits limits, boolean stopAtFirstViolation, boolean digesting,
            boolean recordingChoices) {
        this.catalog = catalog;
        this.limits = limits;
        this.stopAtFirstViolation = stopAtFirstViolation;
        this.digesting = digesting;
        this.recordingChoices = recordingChoices;
    }

    /**
     * The same runner without the trace digest and without keeping the draws: every run's
     * outcome is the same (the digest only watches the trace, the record only watches the
     * draws), its {@code digest()} is "-" and its choices are empty, and it tells whether a
     * seed passes at about half the cost.
     */
    private ScenarioRunner passOrFail() {
        return new ScenarioRunner(catalog, limits, stopAtFirstViolation, false, false);
    }

    /**
     * Runs the spec without the trace digest and, if it fails or runs away, once more with it,
     * since a finding's reproduce line carries the digest: the cheap way to run many seeds
     * that mostly pass. Runs are deterministic, so the second run is the first one again; if it
     * should pass after all, the failing outcome is kept (without a digest, and without the
     * draws the first run does not keep when a second one follows) rather than lost. A run cut
     * by the wall clock is not run again, as the second would be cut too.
     */
    public RunOutcome runDigestingFailures(RunSpec spec) {
        RunOutcome quick;
        try {
            quick = (digesting ? passOrFail() : this).run(spec);
        } catch (RunawayRun runaway) {
            if (limits.cancelled().getAsBoolean()) {
                throw runaway;
            }
            return run(spec);
        }
        if (!quick.failed() || !digesting) {
            return quick;
        }
        RunOutcome digested = run(spec);
        return digested.failed() ? digested : quick;
    }

    /**
     * The same runner without the trace digest: every run's outcome is the same, draws
     * included, but its {@code digest()} is {@value #NO_DIGEST}. For runs that are many and
     * judged by their outcome alone, such as a shrinker's candidates, at about half the cost.
     */
    public ScenarioRunner withoutDigest() {
        return new ScenarioRunner(catalog, limits, stopAtFirstViolation, false, recordingChoices);
    }

    /**
     * The same runner, but each run ends at the first safety violation that the checkers
     * whose verdict on a prefix is final (exclusion, fencing, unique names) can see, looked at
     * every few dozen events: the run up to there is exactly the full run's, and so is the
     * violation, while nothing after it is simulated or drawn. The shrinker runs its
     * candidates this way; such an outcome's digest and draws cover only the prefix, so a
     * reproduce line must come from a full run.
     */
    public ScenarioRunner stoppingAtFirstViolation() {
        return new ScenarioRunner(catalog, limits, true, digesting, recordingChoices);
    }

    public RunLimits limits() {
        return limits;
    }

    /** The same runner with other limits. */
    public ScenarioRunner withLimits(RunLimits other) {
        return new ScenarioRunner(catalog, other, stopAtFirstViolation, digesting, recordingChoices);
    }

    /** The catalogue this runner finds scenarios in. */
    public ScenarioCatalog catalog() {
        return catalog;
    }

    public RunOutcome run(RunSpec spec) {
        return run(spec, null);
    }

    /**
     * A stop on the way: once every event up to simulated time {@code at} has run (and
     * none after it), {@code inspect} is called with the ensemble, then the run goes on.
     * The inspector must only look (introspection, reads of state): it runs outside any
     * event, so anything it changed would make the run differ from its reproduce line.
     */
    public record Pause(long at, Consumer<Ensemble> inspect) {
        public Pause {
            if (at < 0) {
                throw new IllegalArgumentException("cannot pause at negative time " + at);
            }
        }
    }

    /** Runs the spec; the optional sink sees every trace record (capture, export). */
    public RunOutcome run(RunSpec spec, TraceSink sink) {
        return run(spec, sink, null);
    }

    /**
     * Runs the spec, pausing once at {@code pause} (null for none) to let the caller look at
     * the ensemble. The pause does not change the run: the outcome and the digest are those
     * of the same spec without it. A run that fails, is stopped or ends before the pause never
     * calls it.
     */
    public RunOutcome run(RunSpec requested, TraceSink sink, Pause pause) {
        Scenario scenario = catalog.find(requested.scenario());
        // Outcomes name the scenario as reproduce lines must: with its catalogue, unless it is zksim's own.
        RunSpec spec = requested.withScenario(catalog.qualify(requested.scenario()));
        Choices base = spec.choices() != null ? new ReplayingChoices(spec.choices()) : new SeededChoices(spec.seed());
        List<TraceSink> sinks = sink == null ? List.of() : List.of(sink);
        RunAssembly run = recordingChoices ? RunAssembly.assemble(scenario, base, sinks, digesting)
                : RunAssembly.assembleUnrecorded(scenario, base, sinks);
        try {
            return run(spec, run, pause);
        } finally {
            // Simulated threads still parked are let go, so none outlives its run.
            run.history().runEnded();
        }
    }

    private RunOutcome run(RunSpec spec, RunAssembly run, Pause pause) {
        Ensemble ensemble = run.ensemble();
        FaultPlan plan = run.plan(spec.plan());
        if (spec.plan() != null) {
            requireProcesses(spec, ensemble);
        }
        run.schedule(plan);
        Optional<SimulationFailure> failure = stopAtFirstViolation ? executeToFirstViolation(spec, run)
                : execute(spec, run, pause);
        if (failure.isEmpty()) {
            failure = run.verifyEnd();
        }
        if (failure.isEmpty()) {
            failure = run.verdict();
        }
        RunOutcome outcome = new RunOutcome(spec, failure, plan, run.log(), run.trial().knobs(),
                digesting ? ensemble.simulation().trace().digest() : NO_DIGEST,
                ensemble.simulation().eventsDispatched(), ensemble.simulation().now(), run.history().history(),
                run.goalsReached());
        if (pause != null && failure.isEmpty() && pause.at() > ensemble.simulation().now() && pause.at() <= run.endTime()) {
            lookAfterIdleEnd(spec, ensemble, pause);
        }
        return outcome;
    }

    /**
     * A pause after the run ended idle, but before its scheduled end, still gets its look: the
     * idle ensemble runs on to the pause (pings only) once the outcome is taken, so that the
     * outcome and the digest stay those of the run without the pause.
     */
    private void lookAfterIdleEnd(RunSpec spec, Ensemble ensemble, Pause pause) {
        try {
            runBounded(spec, ensemble.simulation(), pause.at());
        } catch (SimulationFailure failure) {
            return;
        }
        pause.inspect().accept(ensemble);
    }

    /** A fixed plan that names a process this seed did not create does not apply to it. */
    private static void requireProcesses(RunSpec spec, Ensemble ensemble) {
        List<String> missing = spec.plan().missingProcesses(ensemble.serverIds(), ensemble.clientIds());
        if (!missing.isEmpty()) {
            throw new SeedSkipped("seed " + spec.seed() + " of " + spec.scenario() + " has no " + String.join(", ", missing)
                    + " (servers " + String.join(",", ensemble.serverIds()) + "; clients "
                    + String.join(",", ensemble.clientIds()) + "), which the fault plan names");
        }
    }

    private Optional<SimulationFailure> execute(RunSpec spec, RunAssembly run, Pause pause) {
        Ensemble ensemble = run.ensemble();
        long endTime = run.endTime();
        try {
            // Running to the pause and then on to the end dispatches the same events in the same
            // order as one run to the end: runUntil takes every event due by its bound.
            long stopAt = Math.min(endTime, limits.maxSimulatedTime());
            if (pause != null && pause.at() <= stopAt) {
                RunResult before = runUntilIdle(spec, run, pause.at());
                if (before.outcome() == RunResult.Outcome.STOPPED || ranIdle(spec, ensemble, pause.at())) {
                    return Optional.empty();
                }
                pause.inspect().accept(ensemble);
            }
            RunResult end = runUntilIdle(spec, run, stopAt);
            if (stopAt < endTime && end.outcome() != RunResult.Outcome.STOPPED && !ranIdle(spec, ensemble, stopAt)) {
                throw runaway(spec, ensemble.simulation(), "the run lasts until simulated " + Time.formatSeconds(endTime)
                        + ", beyond the simulated-time bound of " + Time.formatSeconds(limits.maxSimulatedTime()));
            }
            return Optional.empty();
        } catch (SimulationFailure failure) {
            return Optional.of(failure);
        }
    }

    /**
     * Runs until {@code time}, or, for a spec that {@link RunSpec#endsWhenIdle ends when idle},
     * until the first look after the heal that finds the ensemble idle for good
     * ({@link RunAssembly#nextIdleLook}): looks fall between events, so they do not change the
     * run, and where the run stops is the same for every replay, with or without a pause on the
     * way, since the looks keep to the same grid.
     */
    private RunResult runUntilIdle(RunSpec spec, RunAssembly run, long time) {
        Simulation simulation = run.ensemble().simulation();
        if (!spec.endsWhenIdle()) {
            return runBounded(spec, simulation, time);
        }
        long look = run.nextIdleLook(simulation.now());
        while (true) {
            long until = Math.min(time, look);
            RunResult slice = runBounded(spec, simulation, until);
            if (slice.outcome() == RunResult.Outcome.STOPPED || until >= time || run.ensemble().isIdle()) {
                return slice;
            }
            look = run.nextIdleLook(until + 1);
        }
    }

    /** Whether the run stopped before {@code time} because it went idle. */
    private static boolean ranIdle(RunSpec spec, Ensemble ensemble, long time) {
        return spec.endsWhenIdle() && ensemble.simulation().now() < time;
    }

    /**
     * Runs to the end in short slices, ending at the first violation the prefix-final checkers
     * see, or, for a spec that ends when idle, once the run is idle for good after the heal: a
     * shrinker's candidate that no longer fails need not ping on to its scheduled end. (Looks
     * every few dozen events rather than on the grid: such a run's trace is a prefix anyway.)
     */
    private Optional<SimulationFailure> executeToFirstViolation(RunSpec spec, RunAssembly run) {
        Simulation simulation = run.ensemble().simulation();
        List<SimulationFailure> found = new ArrayList<>(1);
        BooleanSupplier violated = () -> {
            run.prefixViolation().ifPresent(found::add);
            return !found.isEmpty() || (spec.endsWhenIdle() && simulation.now() >= run.healTime() && run.ensemble().isIdle());
        };
        try {
            runBounded(spec, simulation, Math.min(run.endTime(), limits.maxSimulatedTime()), CHECK_EVERY_EVENTS, violated);
            return found.isEmpty() ? run.prefixViolation() : Optional.of(found.get(0));
        } catch (SimulationFailure failure) {
            return Optional.of(failure);
        }
    }

    private RunResult runBounded(RunSpec spec, Simulation simulation, long time) {
        return runBounded(spec, simulation, time, SLICE_EVENTS, () -> false);
    }

    /**
     * Runs until {@code time} in slices of at most {@code sliceEvents} events, looking at the
     * cancellation check and the event bound between slices, and ending early once
     * {@code stopHere}, asked after every slice, says so. Slicing does not change the run:
     * each slice takes the events due in order, and the last call to runUntil leaves the
     * clock where one call would have left it.
     */
    private RunResult runBounded(RunSpec spec, Simulation simulation, long time, long sliceEvents, BooleanSupplier stopHere) {
        while (true) {
            long left = limits.maxEvents() - simulation.eventsDispatched();
            if (left <= 0) {
                throw runaway(spec, simulation, "reached the event bound of " + limits.maxEvents() + " events");
            }
            if (limits.cancelled().getAsBoolean()) {
                throw runaway(spec, simulation, "cancelled: the wall-clock bound was reached");
            }
            RunResult slice = simulation.run(new RunBounds(time, Math.min(sliceEvents, left)));
            if (slice.outcome() == RunResult.Outcome.STOPPED || stopHere.getAsBoolean()) {
                return slice;
            }
            if (slice.outcome() != RunResult.Outcome.EVENT_BOUND) {
                return simulation.runUntil(time);
            }
        }
    }

    private static RunawayRun runaway(RunSpec spec, Simulation simulation, String reason) {
        return new RunawayRun(spec, reason, simulation.eventsDispatched(), simulation.now(), simulation.trace().digest());
    }

    /** Ends every fault: heal the network, resume and restart every process. */
    public static void recoverAll(Ensemble ensemble) {
        ensemble.faults().heal();
        List<String> all = new ArrayList<>(ensemble.serverIds());
        all.addAll(ensemble.clientIds());
        for (String id : all) {
            ensemble.faults().resume(id);
            ensemble.faults().restart(id);
        }
    }
}

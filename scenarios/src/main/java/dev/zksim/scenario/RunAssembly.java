package dev.zksim.scenario;

import dev.zksim.check.CheckResult;
import dev.zksim.check.Checker;
import dev.zksim.check.ExclusionChecker;
import dev.zksim.check.FencingChecker;
import dev.zksim.check.UniqueNamesChecker;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.history.HistoryRecorder;
import dev.zksim.history.Op;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.ProgrammingErrors;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.ChoiceLog;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.RecordingChoices;
import dev.zksim.kernel.trace.TraceSink;
import dev.zksim.nemesis.FaultPlan;
import dev.zksim.nemesis.FaultPlanGenerator;
import dev.zksim.nemesis.Nemesis;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One run of a scenario put together, the same way for every caller that runs scenarios
 * (the {@link ScenarioRunner} and the explorer): the knobs drawn from the "knobs" stream,
 * the ensemble started with the callers' trace sinks, the workload installed, then the
 * fault plan and the heal scheduled. How the events are then dispatched is the caller's
 * business (the runner runs to the end in bounded slices, the explorer steps one event at
 * a time); the end checks, the checkers' verdict and the goals reached are again shared.
 * Sharing one assembly is what keeps a run the explorer made replayable by the runner.
 */
public final class RunAssembly {
    /**
     * Simulated time between two looks at whether the ensemble went idle, once it is healed.
     * A look scans the few dozen pending events and the servers' and clients' state; in a
     * lock sweep a tenth of a second is about a hundred events of work, or a few pings idle.
     */
    private static final long IDLE_LOOK_INTERVAL = Time.millis(100);

    private final Scenario scenario;
    private final Choices root;
    /** Every draw, per stream; empty for a run that records none. */
    private final ChoiceLog log;
    private final Trial trial;
    private final Ensemble ensemble;
    private final HistoryRecorder history;
    /** The trace's own count of each event kind, for goals. */
    private final TraceCounter counter;
    private long healTime;
    private long endTime;
    private List<Checker> prefixCheckers;
    private int prefixCheckedOps = -1;

    private RunAssembly(Scenario scenario, Choices base, List<TraceSink> sinks, boolean digesting, boolean recording) {
        this.scenario = scenario;
        if (recording) {
            RecordingChoices recorder = new RecordingChoices(base);
            this.root = recorder;
            this.log = recorder.log();
        } else {
            // The same draws, stream by stream (both cache their child streams), none kept.
            this.root = base;
            this.log = new ChoiceLog();
        }
        this.trial = scenario.prepare(root.stream("knobs"));
        this.ensemble = Ensemble.start(root, trial.ensemble(), sinks);
        this.counter = TraceCounter.of(ensemble.simulation().trace().counts());
        ensemble.simulation().trace().setDigesting(digesting);
        this.history = HistoryRecorder.attachedTo(ensemble);
        trial.install(ensemble, history);
    }

    /**
     * Builds the run: knobs, ensemble (the sinks see every trace record from the servers'
     * first), workload. {@code digesting} false skips the trace digest (runs nobody replays
     * by digest, such as the explorer's, are cheaper without it).
     */
    public static RunAssembly assemble(Scenario scenario, Choices base, List<TraceSink> sinks, boolean digesting) {
        return new RunAssembly(scenario, base, sinks, digesting, true);
    }

    /**
     * Builds a run that keeps neither the digest nor its draws: a sweep's first pass over a
     * seed, which only asks whether the seed passes and runs a failing one again in full.
     * Keeping some ten thousand draws of a run for a shrinker that a passing run never meets
     * was a twentieth of a sweep. Its {@link #log()} is empty.
     */
    public static RunAssembly assembleUnrecorded(Scenario scenario, Choices base, List<TraceSink> sinks) {
        return new RunAssembly(scenario, base, sinks, false, false);
    }

    /** The fixed plan if there is one, else a plan generated from the "faults" stream. */
    public FaultPlan plan(FaultPlan fixed) {
        return fixed != null ? fixed
                : FaultPlanGenerator.generate(root.stream("faults"), trial.faults(), ensemble.serverIds(), ensemble.clientIds());
    }

    /**
     * Schedules the plan's faults and, once the fault window and the plan are over, the heal
     * of everything; the run ends after the scenario's settle time. A session the nemesis
     * expires is recorded as lost when its closeSession commits (HistoryRecorder.attachedTo),
     * not when the fault asks: a leader cut off from its quorum cannot commit the expiry, and
     * then the session rightly lives on.
     */
    public void schedule(FaultPlan plan) {
        healTime = Math.max(FaultPlanGenerator.quietAfter(trial.faults()), plan.lastStepTime());
        endTime = healTime + trial.settle();
        Nemesis.schedule(plan, ensemble);
        ensemble.simulation().scheduleAt(healTime, () -> {
            ScenarioRunner.recoverAll(ensemble);
            trial.healed(ensemble);
        });
    }

    /** The ensemble's own end checks and the scenario's, as a failure if one trips. */
    public Optional<SimulationFailure> verifyEnd() {
        try {
            if (ensemble.config().selfChecks()) {
                ensemble.checks().verifyNow();
            }
            trial.verifyEnd(ensemble);
            return Optional.empty();
        } catch (SimulationFailure failure) {
            return Optional.of(failure);
        }
    }

    /**
     * The checkers' verdict over the whole history. A liveness failure also says, for every
     * stuck client, what it waits on at the end of the run: the znodes it watches and whether
     * their owners live.
     */
    public Optional<SimulationFailure> verdict() {
        Optional<SimulationFailure> bug = bugThrown();
        if (bug.isPresent()) {
            return bug;
        }
        CheckResult result = Checker.checkAll(history.history(), trial.checkers(healTime, endTime));
        if (result instanceof CheckResult.Violation violation && violation.kind() == FailureKind.LIVENESS_TIMEOUT) {
            List<String> stuck = violation.ops().stream().map(Op::process).distinct().sorted().toList();
            String waits = StuckDiagnosis.describe(ensemble, stuck);
            return Optional.of(violation.toFailure(waits.isEmpty() ? "" : "\n  waiting: " + waits));
        }
        return result.failure();
    }

    /**
     * The first call of the code under test that threw a bug of its own
     * ({@link ProgrammingErrors}; its note says so), as a crash of that code at the call's
     * end: no checker's verdict stands on a history with such a call in it.
     */
    private Optional<SimulationFailure> bugThrown() {
        for (Op op : history.history()) {
            if (op.note().startsWith(ProgrammingErrors.NOTE)) {
                String thrown = op.note().substring(ProgrammingErrors.NOTE.length());
                return Optional.of(new SimulationFailure(FailureKind.SIMULATOR_CRASH, op.time(),
                        op.process() + " " + op.f().name() + " (#" + op.index() + ") threw " + thrown
                                + ": a bug of the code under test, which no fault excuses",
                        null, List.of(op.index())));
            }
        }
        return Optional.empty();
    }

    /**
     * The checkers whose verdict on a prefix of a history is final (exclusion, fencing,
     * unique names): a violation they see now stays a violation whatever happens later, so
     * a run may stop at it. Checkers that judge a finished history (liveness, herd, "never
     * dequeued") are not among them: on a prefix they would report what simply has not
     * happened yet. Built once per run.
     */
    private List<Checker> prefixFinalCheckers() {
        if (prefixCheckers == null) {
            prefixCheckers = trial.checkers(0, endTime).stream()
                    .filter(checker -> checker instanceof ExclusionChecker || checker instanceof FencingChecker
                            || checker instanceof UniqueNamesChecker).toList();
        }
        return prefixCheckers;
    }

    /**
     * The first safety violation the prefix-final checkers see in the history so far, if the
     * history grew since the last look; cheap to call after every step.
     */
    public Optional<SimulationFailure> prefixViolation() {
        int size = history.history().size();
        if (size == prefixCheckedOps) {
            return Optional.empty();
        }
        prefixCheckedOps = size;
        for (Checker checker : prefixFinalCheckers()) {
            CheckResult result = checker.check(history.history());
            if (result instanceof CheckResult.Violation violation && violation.kind() == FailureKind.SAFETY_VIOLATION) {
                return Optional.of(violation.toFailure());
            }
        }
        return Optional.empty();
    }

    /** The names of the scenario's goals this run reached so far, in declaration order. */
    public List<String> goalsReached() {
        Map<String, Integer> counts = new TreeMap<>(counter.counts());
        counts.putAll(ensemble.network().faultsStruck());
        return Goal.reachedBy(scenario.goals(), new Goal.Evidence(history.history(), counts));
    }

    public Trial trial() {
        return trial;
    }

    public Ensemble ensemble() {
        return ensemble;
    }

    public HistoryRecorder history() {
        return history;
    }

    /** The root of the run's choices: stream it for draws that must be recorded in {@link #log()}. */
    public Choices choices() {
        return root;
    }

    /** Every draw made so far, per stream (none for a run {@link #assembleUnrecorded assembled unrecorded}). */
    public ChoiceLog log() {
        return log;
    }

    /**
     * The first look at or after {@code time} at whether the run went idle for good
     * ({@link Ensemble#isIdle()}): the heal, then every tenth of a simulated second after it.
     * The runner and the explorer look on this grid, between the events due by a look and the
     * events after it, so that both end a run at the same event; valid after {@link #schedule}.
     */
    public long nextIdleLook(long time) {
        long sinceHeal = Math.max(0, time - healTime);
        return healTime + Math.ceilDiv(sinceHeal, IDLE_LOOK_INTERVAL) * IDLE_LOOK_INTERVAL;
    }

    /** When every fault is healed; valid after {@link #schedule}. */
    public long healTime() {
        return healTime;
    }

    /** When the run ends; valid after {@link #schedule}. */
    public long endTime() {
        return endTime;
    }
}

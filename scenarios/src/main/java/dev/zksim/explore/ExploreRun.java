package dev.zksim.explore;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.history.HistoryRecorder;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.choice.ChoiceGuide;
import dev.zksim.kernel.choice.GuidedChoices;
import dev.zksim.kernel.choice.SplitMix64;
import dev.zksim.kernel.net.NetEvent;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.kernel.trace.TraceSink;
import dev.zksim.nemesis.FaultPlan;
import dev.zksim.scenario.RunAssembly;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.server.ZkServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One run of a scenario whose every draw comes from a {@link ChoiceGuide}, stepped one event
 * at a time so that the explorer can look between events. It is assembled, ended and judged
 * by the same {@link RunAssembly} as a {@link ScenarioRunner} run (knobs, ensemble, workload,
 * heal, end checks, verdict, goals), so the run it reports as a {@link RunSpec} (the faults it
 * injected as a fixed plan, the draws it made as a choice log) replays under
 * {@code ./zksim replay}.
 *
 * <p>Faults are not drawn up front: at each instant where something happens (an event that
 * delivered a message) inside the scenario's fault window, while faults remain, the guide
 * decides whether one strikes 1 µs later and which ({@link FaultChoice}).
 */
final class ExploreRun {

    /** Looks at the run between events. */
    interface Observer {
        /** Called after every event; returning false ends the run there (its future is known). */
        boolean afterEvent(ExploreRun run);
    }

    /** How a run ended. */
    record Result(Optional<SimulationFailure> failure, RunSpec spec, long events, boolean pruned,
                  List<String> goalsReached, String digest) {
    }

    private final RunAssembly assembly;
    private final Ensemble ensemble;
    private final HistoryRecorder history;
    private final FaultChoice faults;
    private final AbstractState state;
    private final List<TraceRecord> stepEvents;
    private long checkedReplicas = Long.MIN_VALUE;

    private ExploreRun(RunAssembly assembly, FaultChoice faults, List<TraceRecord> stepEvents) {
        this.assembly = assembly;
        this.ensemble = assembly.ensemble();
        this.history = assembly.history();
        this.faults = faults;
        this.stepEvents = stepEvents;
        this.state = new AbstractState(ensemble, history.history());
    }

    /** Executes a run without a trace digest (the explorer's runs; nobody reads their digests). */
    static Result execute(Scenario scenario, ChoiceGuide guide, int maxFaults, Observer observer) {
        return execute(scenario, guide, maxFaults, observer, false, false);
    }

    /**
     * Executes a run without a trace digest that offers a fault once per instant where a
     * message was delivered rather than after each delivery: the dfs's runs. A fault decided
     * at an instant strikes 1 µs later whichever of the instant's deliveries it followed, so
     * for an exhaustive search the later offers of an instant only repeat the first (lock-basic:
     * the same 58,476 states in 1,670 runs instead of 2,588). The sampling strategies keep an
     * offer per delivery, which weighs busy instants by what happens in them.
     */
    static Result executeOfferingOncePerInstant(Scenario scenario, ChoiceGuide guide, int maxFaults, Observer observer) {
        return execute(scenario, guide, maxFaults, observer, false, true);
    }

    /** Executes a run, with a trace digest if asked and a fault offered after every delivery. */
    static Result execute(Scenario scenario, ChoiceGuide guide, int maxFaults, Observer observer, boolean digest) {
        return execute(scenario, guide, maxFaults, observer, digest, false);
    }

    /**
     * Executes a run; with {@code digest} its result carries the trace digest a replay of its
     * spec must reproduce, without it the digest is empty and the run is cheaper. The run is
     * assembled as the scenario runner assembles one ({@link RunAssembly}) with no fault plan
     * up front: the faults are injected as the run goes and become the spec's fixed plan.
     */
    private static Result execute(Scenario scenario, ChoiceGuide guide, int maxFaults, Observer observer, boolean digest,
                                  boolean oncePerInstant) {
        List<TraceRecord> stepEvents = new ArrayList<>();
        TraceSink events = stepEvents::add;
        RunAssembly assembly = RunAssembly.assemble(scenario, new GuidedChoices(guide), List.of(events), digest);
        assembly.schedule(FaultPlan.NONE);
        Ensemble ensemble = assembly.ensemble();
        // As in a plain run, a session is lost when its closeSession commits (HistoryRecorder.attachedTo).
        FaultChoice faults = new FaultChoice(new GuidedChoices(guide).stream("explore"), assembly.trial().faults(),
                maxFaults, ensemble, client -> { }, oncePerInstant);
        ExploreRun run = new ExploreRun(assembly, faults, stepEvents);
        Optional<SimulationFailure> failure = Optional.empty();
        boolean pruned = false;
        try {
            stepEvents.clear();
            // As the scenario runner does, the run ends at the first look that finds it idle for good.
            long look = assembly.nextIdleLook(0);
            while (true) {
                if (!ensemble.simulation().step(Math.min(assembly.endTime(), look))) {
                    if (look >= assembly.endTime() || ensemble.isIdle()) {
                        break;
                    }
                    look = assembly.nextIdleLook(look + 1);
                    continue;
                }
                if (run.delivered()) {
                    faults.offer();
                }
                if (!observer.afterEvent(run)) {
                    pruned = true;
                    break;
                }
                stepEvents.clear();
            }
        } catch (SimulationFailure violation) {
            failure = Optional.of(violation);
        }
        if (failure.isEmpty() && !pruned) {
            failure = assembly.verifyEnd();
        }
        if (failure.isEmpty() && !pruned) {
            failure = assembly.verdict();
        }
        assembly.history().runEnded();
        RunSpec spec = new RunSpec(scenario.id(), 0, faults.plan(), assembly.log());
        return new Result(failure, spec, ensemble.simulation().eventsDispatched(), pruned, assembly.goalsReached(),
                digest ? ensemble.simulation().trace().digest() : "");
    }

    /**
     * Checks the invariants on the state now: the ensemble's own checks (Zab, acknowledged
     * writes, ephemeral owners, replica agreement) and, when the history grew, the checkers
     * whose verdict on a prefix of a history is final (exclusion, fencing, unique names).
     * Checkers that judge a finished history (liveness, herd, "never dequeued") wait for the
     * end of the run, where they would otherwise report what simply has not happened yet.
     */
    void checkInvariants() {
        if (ensemble.config().selfChecks()) {
            ensemble.checks().verifyZab();
            ensemble.checks().verifyAcknowledgedWrites();
            // The replica checks hash whole trees; their verdict can only change when some
            // server applied a transaction, restarted or changed its sessions.
            long replicas = replicaSignature();
            if (replicas != checkedReplicas) {
                ensemble.checks().verifyEphemeralOwners();
                ensemble.checks().verifyReplicasAgree();
                checkedReplicas = replicas;
            }
        }
        Optional<SimulationFailure> violation = assembly.prefixViolation();
        if (violation.isPresent()) {
            throw violation.get();
        }
    }

    /** What the replica checks depend on: each server's incarnation, state, last zxid and session count. */
    private long replicaSignature() {
        long signature = 17;
        for (String id : ensemble.serverIds()) {
            SimProcess process = ensemble.serverProcess(id);
            signature = SplitMix64.mix(signature * 31 + process.incarnation() * 4L + process.state().ordinal());
            Optional<ZkServer> server = ensemble.server(id);
            if (server.isPresent()) {
                signature = SplitMix64.mix(signature * 31 + server.get().lastProcessedZxid());
                signature = SplitMix64.mix(signature * 31 + server.get().introspection().sessions().size());
            }
        }
        return signature;
    }

    /** Whether the last event delivered a message: an instant where something happens. */
    private boolean delivered() {
        for (TraceRecord record : stepEvents) {
            if (record.event() instanceof NetEvent.Delivered) {
                return true;
            }
        }
        return false;
    }

    /** The trace records the last event emitted. */
    List<TraceRecord> stepEvents() {
        return stepEvents;
    }

    /**
     * What a process was doing, for coverage tuples: a server's role, or a client's
     * connection state with the kind of its latest op (its recipe's state, as far as the
     * history shows it).
     */
    String roleOf(String process) {
        Optional<ZkServer> server = ensemble.serverIds().contains(process) ? ensemble.server(process) : Optional.empty();
        if (server.isPresent()) {
            return server.get().role().name();
        }
        if (ensemble.clientIds().contains(process) && ensemble.client(process).zk() != null) {
            return ensemble.client(process).zk().state().name() + "/" + state.lastOp(process);
        }
        return "-";
    }

    /** The digest of the abstract state now. */
    long stateDigest() {
        return state.digest(faults.spent(), faults.pendingDigest(ensemble.simulation().now()), assembly.endTime());
    }
}

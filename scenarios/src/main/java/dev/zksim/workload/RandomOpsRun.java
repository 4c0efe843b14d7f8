package dev.zksim.workload;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.kernel.trace.TraceSink;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultPlan;
import dev.zksim.nemesis.FaultPlanGenerator;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.nemesis.Nemesis;
import dev.zksim.server.ZkServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One seeded torture run of the simulated ensemble: the seed picks the ensemble size and a
 * fault plan, a few clients issue random operations while the faults strike, then every
 * fault stops and the ensemble must settle: all live replicas at the same zxid with equal
 * trees, and (with a quorum) a leader. The ensemble's self-checks run throughout.
 */
public final class RandomOpsRun {
    private static final long WINDOW_END = Time.seconds(8);
    private static final long SETTLE = Time.seconds(40);

    /** What a run did, for assertions and the determinism check. */
    public record Outcome(long seed, int servers, FaultPlan plan, String digest, long events, long finalZxid) {
    }

    private RandomOpsRun() {
    }

    public static Outcome run(long seed, List<Integer> sizes, TraceSink sink) {
        Choices root = new SeededChoices(seed);
        Choices knobs = root.stream("knobs");
        int servers = knobs.pick(sizes);
        Ensemble ensemble = Ensemble.start(root, EnsembleConfig.defaults(servers));
        if (sink != null) {
            ensemble.simulation().trace().addSink(sink);
        }
        for (int i = 0; i < 3; i++) {
            ensemble.addClient(new RandomOps(60, RandomOps.defaultThinkTime()));
        }
        FaultProfile profile = new FaultProfile(List.of(FaultKind.values()), 1, 4, Time.seconds(1), WINDOW_END,
                Time.millis(200), Time.seconds(4));
        FaultPlan plan = FaultPlanGenerator.generate(knobs.stream("faults"), profile, ensemble.serverIds(), ensemble.clientIds());
        Nemesis.schedule(plan, ensemble);
        ensemble.simulation().scheduleAt(FaultPlanGenerator.quietAfter(profile), () -> recoverAll(ensemble));
        ensemble.runFor(FaultPlanGenerator.quietAfter(profile) + SETTLE);
        long finalZxid = verifySettled(ensemble, plan);
        return new Outcome(seed, servers, plan, ensemble.simulation().trace().digest(),
                ensemble.simulation().eventsDispatched(), finalZxid);
    }

    /** After the plan: heal, resume and restart everything, so liveness can be demanded. */
    private static void recoverAll(Ensemble ensemble) {
        ensemble.faults().heal();
        List<String> all = new ArrayList<>(ensemble.serverIds());
        all.addAll(ensemble.clientIds());
        for (String id : all) {
            ensemble.faults().resume(id);
            ensemble.faults().restart(id);
        }
    }

    private static long verifySettled(Ensemble ensemble, FaultPlan plan) {
        ensemble.checks().verifyNow();
        long zxid = -1;
        for (String id : ensemble.serverIds()) {
            Optional<ZkServer> server = ensemble.server(id);
            if (server.isEmpty()) {
                throw SimulationFailure.liveness(ensemble.simulation().now(), id + " is not running after recovery");
            }
            long applied = server.get().lastProcessedZxid();
            if (zxid >= 0 && applied != zxid) {
                throw SimulationFailure.liveness(ensemble.simulation().now(), "replicas did not converge after the faults ("
                        + plan + "): " + id + " is at 0x" + Long.toHexString(applied) + ", others at 0x" + Long.toHexString(zxid));
            }
            zxid = applied;
        }
        if (ensemble.serverIds().size() > 1 && ensemble.leader().isEmpty()) {
            throw SimulationFailure.liveness(ensemble.simulation().now(), "no leader " + Time.format(SETTLE) + " after the faults stopped");
        }
        return zxid;
    }
}

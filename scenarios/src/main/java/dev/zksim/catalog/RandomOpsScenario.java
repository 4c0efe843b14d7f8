package dev.zksim.catalog;

import dev.zksim.testkit.SwarmKnobs;
import dev.zksim.check.Checker;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.history.HistoryRecorder;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.Trial;
import dev.zksim.server.ZkServer;
import dev.zksim.workload.RandomOps;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * "Ensemble: random operations from several clients under random faults". It checks the
 * ensemble itself rather than a recipe: its self-checks run throughout, and once the faults
 * stop every replica must converge to the same zxid and tree, with a leader when there is
 * a quorum.
 */
public final class RandomOpsScenario implements Scenario {
    private final List<Integer> sizes;

    public RandomOpsScenario(List<Integer> sizes) {
        this.sizes = List.copyOf(sizes);
    }

    @Override
    public String id() {
        return "ensemble-random-ops";
    }

    @Override
    public String title() {
        return "Ensemble: random operations from several clients under random faults";
    }

    @Override
    public Trial prepare(Choices knobs) {
        SwarmKnobs swarm = SwarmKnobs.pick(knobs, sizes);
        int clients = knobs.intIn(1, 4);
        int faults = knobs.intIn(0, 4);
        return new RandomOpsTrial(swarm, clients, faults);
    }

    private record RandomOpsTrial(SwarmKnobs swarm, int clients, int maxFaults) implements Trial {
        @Override
        public EnsembleConfig ensemble() {
            return swarm.config();
        }

        @Override
        public FaultProfile faults() {
            return new FaultProfile(List.of(FaultKind.values()), 0, maxFaults, Time.seconds(1), Time.seconds(8),
                    Time.millis(200), Time.seconds(4));
        }

        @Override
        public void install(Ensemble ensemble, HistoryRecorder history) {
            for (int i = 0; i < clients; i++) {
                ensemble.addClient(new RandomOps(60, RandomOps.defaultThinkTime()));
            }
        }

        @Override
        public long settle() {
            return Math.max(Time.seconds(40), swarm.config().quorumRecoveryBound());
        }

        @Override
        public List<Checker> checkers(long healTime, long endTime) {
            return List.of();
        }

        @Override
        public List<String> knobs() {
            List<String> lines = new ArrayList<>(swarm.describe());
            lines.add("clients: " + clients);
            lines.add("faults: up to " + maxFaults);
            return lines;
        }

        @Override
        public void verifyEnd(Ensemble ensemble) {
            long zxid = -1;
            for (String id : ensemble.serverIds()) {
                Optional<ZkServer> server = ensemble.server(id);
                if (server.isEmpty()) {
                    throw SimulationFailure.liveness(ensemble.simulation().now(), id + " is not running after recovery");
                }
                long applied = server.get().lastProcessedZxid();
                if (zxid >= 0 && applied != zxid) {
                    throw SimulationFailure.liveness(ensemble.simulation().now(), "replicas did not converge after the faults: "
                            + id + " is at 0x" + Long.toHexString(applied) + ", others at 0x" + Long.toHexString(zxid));
                }
                zxid = applied;
            }
            if (ensemble.serverIds().size() > 1 && ensemble.leader().isEmpty()) {
                throw SimulationFailure.liveness(ensemble.simulation().now(), "no leader " + Time.format(settle())
                        + " after the faults stopped");
            }
        }
    }
}

package dev.zksim.catalog;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Scenario;
import dev.zksim.server.ZkServer;
import dev.zksim.testkit.CustomScenario;
import dev.zksim.testkit.Profiles;
import dev.zksim.testkit.Testkit;
import dev.zksim.workload.RandomOps;
import java.util.List;
import java.util.Optional;

/**
 * "Ensemble: random operations from several clients under random faults". It checks the
 * ensemble itself rather than a recipe: its self-checks run throughout, and once the faults
 * stop every replica must converge to the same zxid and tree, with a leader when there is
 * a quorum.
 */
public final class RandomOpsScenario {

    private RandomOpsScenario() {
    }

    /** The scenario over ensembles of these sizes. */
    public static Scenario of(Integer... sizes) {
        return Testkit.custom("ensemble-random-ops")
                .title("Ensemble: random operations from several clients under random faults")
                .servers(sizes)
                .settle(Time.seconds(40))
                .goals(Goal.traced("ZabEvent.Elected", 2, "a new leader was elected after the first"),
                        Goal.traced("ZabEvent.Truncated", 1, "a replica truncated its log"))
                .perSeed(RandomOpsScenario::run)
                .verifyEnd(RandomOpsScenario::converged)
                .build();
    }

    /** 1 to 4 clients of 60 random operations each, and up to 4 faults of every kind from 1 s to 8 s. */
    private static void run(Choices knobs, CustomScenario.Run run) {
        int clients = knobs.intIn(1, 4);
        int faults = knobs.intIn(0, 4);
        run.install((ensemble, history) -> {
            for (int i = 0; i < clients; i++) {
                ensemble.addClient(new RandomOps(60, RandomOps.defaultThinkTime()));
            }
        });
        run.faults(new FaultProfile(Profiles.withPausedClients(), 0, faults, Time.seconds(1), Time.seconds(8),
                Time.millis(200), Time.seconds(4)));
        // A minority leader waits initLimit for followers before it looks again, so the run
        // allows ZooKeeper's own recovery time (KnownEnsembleBugsTest, ensemble-random-ops 9).
        run.settle(Math.max(Time.seconds(40), run.swarm().config().quorumRecoveryBound()));
        run.note("clients: " + clients);
    }

    /** Every replica runs, all applied the same last transaction, and a quorum has a leader. */
    private static void converged(Ensemble ensemble) {
        replicasAgree(ensemble);
        if (ensemble.serverIds().size() > 1 && ensemble.leader().isEmpty()) {
            throw SimulationFailure.liveness(ensemble.simulation().now(), "no leader once the faults stopped and ZooKeeper's recovery time passed");
        }
    }

    /** Every replica runs and all applied the same last transaction; a liveness failure otherwise. */
    static void replicasAgree(Ensemble ensemble) {
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
    }
}

package dev.zksim.testkit;

import dev.zksim.check.LivenessChecker;
import dev.zksim.check.RendezvousChecker;
import dev.zksim.check.UnlessLost;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.GroupScripts;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A rendezvous under test. Each client (c1, ...) creates a rendezvous node under a parent
 * (default /rv), as it would before starting the processes it hands the node's path to, and
 * waits for an address (RENDEZVOUS, OK with the node and the address); each incarnation runs
 * its own rendezvous. The workers (after the clients) watch the parent and publish their
 * address to every node they see, once each (PUBLISH, OK if theirs landed).
 *
 * <p>Checked: every client proceeds exactly once, with the one address that landed; every
 * publication is answered within a bound after the faults heal; and every rendezvous gets an
 * address within that bound, unless every worker's session expired (then nobody is left to
 * publish).
 */
public final class RendezvousScenario extends ScenarioBuilder<RendezvousScenario> {
    private final RendezvousUnderTest.Factory factory;
    private String parent = "/rv";
    private int minClients = 1;
    private int maxClients = 2;
    private int minWorkers = 1;
    private int maxWorkers = 3;

    RendezvousScenario(String id, RendezvousUnderTest.Factory factory) {
        super(id, "Rendezvous " + id + ": each client proceeds exactly once, under random faults");
        this.factory = Objects.requireNonNull(factory, "factory");
    }

    /** The node under which the clients create their rendezvous nodes (default /rv). */
    public RendezvousScenario parent(String path) {
        this.parent = Objects.requireNonNull(path, "path");
        return this;
    }

    /** How many clients a seed runs, inclusive range. */
    public RendezvousScenario clients(int min, int max) {
        requireRange("clients", 1, min, max);
        this.minClients = min;
        this.maxClients = max;
        return this;
    }

    /** How many workers a seed runs, inclusive range. */
    public RendezvousScenario workers(int min, int max) {
        requireRange("workers", 1, min, max);
        this.minWorkers = min;
        this.maxWorkers = max;
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.rendezvous();
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int clients = knobs.intIn(minClients, maxClients);
        int workers = knobs.intIn(minWorkers, maxWorkers);
        long bound = Bounds.afterHeal(swarm, Time.seconds(5));
        List<String> workerIds = new ArrayList<>();
        for (int i = clients + 1; i <= clients + workers; i++) {
            workerIds.add("c" + i);
        }
        RecipeTrial.Installer installer = (ensemble, history) -> {
            for (int i = 0; i < clients; i++) {
                Workloads.add(ensemble, new ScriptClient(new ClientLog(history), GroupScripts.rendezvousClient(factory, parent)));
            }
            for (int i = 0; i < workers; i++) {
                Workloads.add(ensemble, new ScriptClient(new ClientLog(history), GroupScripts.rendezvousWorker(factory, parent)));
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> List.of(new RendezvousChecker(),
                new LivenessChecker(heal, bound, end).onlyKinds(OpKind.PUBLISH),
                UnlessLost.all(workerIds, new LivenessChecker(heal, bound, end).onlyKinds(OpKind.RENDEZVOUS)));
        return new RecipeTrial(swarm, faultsFor(swarm), installer, bound + Time.seconds(5), checks, List.of(
                "clients: " + clients, "workers: " + workers,
                "liveness bound: " + Time.formatSeconds(bound) + " (rendezvous: unless every worker's session expired)"));
    }
}

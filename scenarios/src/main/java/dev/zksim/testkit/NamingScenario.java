package dev.zksim.testkit;

import dev.zksim.check.LivenessChecker;
import dev.zksim.check.UniqueNamesChecker;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.GroupScripts;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.Workloads;
import java.util.List;
import java.util.Objects;

/**
 * A naming service under test. Every client asks for a number of names one after another
 * (ALLOCATE, OK with the name), with a short think between; a restarted client goes on where
 * its last incarnation stopped.
 *
 * <p>Checked: no name is given twice, to any two callers; and every allocation completes
 * within a bound after the faults heal.
 */
public final class NamingScenario extends ScenarioBuilder<NamingScenario> {
    private final NamingUnderTest.Factory factory;
    private int minClients = 2;
    private int maxClients = 5;
    private int minNames = 2;
    private int maxNames = 8;

    NamingScenario(String id, NamingUnderTest.Factory factory) {
        super(id, "Naming " + id + ": every allocated name is unique, under random faults");
        this.factory = Objects.requireNonNull(factory, "factory");
    }

    /** How many clients a seed runs, inclusive range. */
    public NamingScenario clients(int min, int max) {
        requireRange("clients", 1, min, max);
        this.minClients = min;
        this.maxClients = max;
        return this;
    }

    /** How many names each client asks for, inclusive range. */
    public NamingScenario names(int min, int max) {
        requireRange("names", 1, min, max);
        this.minNames = min;
        this.maxNames = max;
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.naming();
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int clients = knobs.intIn(minClients, maxClients);
        int names = knobs.intIn(minNames, maxNames);
        long bound = Bounds.afterHeal(swarm, Time.seconds(5));
        RecipeTrial.Installer installer = (ensemble, history) -> {
            for (int i = 0; i < clients; i++) {
                Workloads.add(ensemble, new ScriptClient(new ClientLog(history), GroupScripts.namer(factory, names)));
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> List.of(new UniqueNamesChecker(),
                new LivenessChecker(heal, bound, end).onlyKinds(OpKind.ALLOCATE));
        return new RecipeTrial(swarm, faultsFor(swarm), installer, bound + Time.seconds(5), checks, List.of(
                "clients: " + clients, "names each: " + names, "liveness bound: " + Time.formatSeconds(bound)));
    }
}

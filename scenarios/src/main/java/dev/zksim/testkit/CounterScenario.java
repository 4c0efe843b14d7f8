package dev.zksim.testkit;

import dev.zksim.check.CounterChecker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.CounterScript;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.Workloads;
import java.util.List;
import java.util.Objects;

/**
 * A shared counter under test. Every client adds one a number of times, one increment after
 * another with a short think between, reads the counter now and then and once at the end; a
 * restarted client goes on where its last incarnation stopped.
 *
 * <p>Checked ({@link CounterChecker}): no increment counts twice, none that completed is lost,
 * no read counts more than was ever started or (unless {@link #staleReads()}) less than had
 * completed; and every increment and read completes within a bound after the faults heal.
 *
 * <pre>{@code
 * Scenario counter = Testkit.counter("my-counter", client -> new MyCounter(client.zk(), "/counters/jobs"))
 *         .clients(2, 4).increments(3, 10).build();
 * }</pre>
 */
public final class CounterScenario extends ScenarioBuilder<CounterScenario> {
    private final CounterUnderTest.Factory factory;
    private int minClients = 2;
    private int maxClients = 5;
    private int minIncrements = 2;
    private int maxIncrements = 8;
    private boolean staleReads;

    CounterScenario(String id, CounterUnderTest.Factory factory) {
        super(id, "Counter " + id + ": every completed increment counts exactly once, under random faults");
        this.factory = Objects.requireNonNull(factory, "factory");
    }

    /** How many clients a seed runs, inclusive range. */
    public CounterScenario clients(int min, int max) {
        requireRange("clients", 1, min, max);
        this.minClients = min;
        this.maxClients = max;
        return this;
    }

    /** How many times each client adds one, inclusive range. */
    public CounterScenario increments(int min, int max) {
        requireRange("increments", 1, min, max);
        this.minIncrements = min;
        this.maxIncrements = max;
        return this;
    }

    /**
     * Declares that the counter's reads may lag behind completed increments (it reads without
     * a sync): a read is then only checked never to count more than was started.
     */
    public CounterScenario staleReads() {
        this.staleReads = true;
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.counter();
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int clients = knobs.intIn(minClients, maxClients);
        int increments = knobs.intIn(minIncrements, maxIncrements);
        long bound = Bounds.afterHeal(swarm, Time.seconds(5));
        RecipeTrial.Installer installer = (ensemble, history) -> {
            for (int i = 0; i < clients; i++) {
                Workloads.add(ensemble, new ScriptClient(new ClientLog(history), CounterScript.of(factory, increments)));
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> List.of(new CounterChecker(staleReads),
                new LivenessChecker(heal, bound, end).onlyKinds(OpKind.INCREMENT, OpKind.COUNT));
        return new RecipeTrial(swarm, faultsFor(swarm), installer, bound + Time.seconds(5), checks, List.of(
                "clients: " + clients, "increments each: " + increments, "liveness bound: " + Time.formatSeconds(bound)));
    }
}

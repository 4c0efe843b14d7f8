package dev.zksim.testkit;

import dev.zksim.check.BarrierChecker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.check.UnlessLost;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.CoordinationScripts;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.Workloads;
import java.util.List;
import java.util.Objects;

/**
 * A simple barrier under test. The coordinator (c1) raises the barrier at once and lifts it
 * after a hold drawn per seed (LIFT); each waiter (c2, ...) arrives once it sees the barrier
 * raised and waits at it (ENTER, OK when it passes). A waiter whose session expires opens a
 * new one and goes on with the same barrier object; the coordinator does not.
 *
 * <p>Checked, as safety: no waiter passes before the coordinator asked to lift the barrier
 * (early exit is a violation, not a timeout); and the lift and every waiter pass within a
 * bound after the heal, unless the coordinator's session expired (its process lives on with
 * a dead handle and can never lift).
 */
public final class BarrierScenario extends ScenarioBuilder<BarrierScenario> {
    private final BarrierUnderTest.Factory factory;
    private String path = "/barrier";
    private int minWaiters = 2;
    private int maxWaiters = 6;
    private long holdMin = Time.millis(200);
    private long holdMax = Time.millis(3000);

    BarrierScenario(String id, BarrierUnderTest.Factory factory) {
        super(id, "Barrier " + id + ": nobody passes before the coordinator lifts it, under random faults");
        this.factory = Objects.requireNonNull(factory, "factory");
        servers(1, 3, 5);
        faults(0, 3, Time.seconds(3), Profiles.withoutPausedClients());
        aimAt("create", "exists", "delete");
    }

    /** The barrier node's path (default /barrier). */
    public BarrierScenario path(String barrierPath) {
        this.path = Objects.requireNonNull(barrierPath, "path");
        return this;
    }

    /** How many waiters a seed runs, inclusive range. */
    public BarrierScenario waiters(int min, int max) {
        requireRange("waiters", 1, min, max);
        this.minWaiters = min;
        this.maxWaiters = max;
        return this;
    }

    /** The coordinator lifts the barrier after a hold drawn per seed from [min, max] microseconds. */
    public BarrierScenario hold(long min, long max) {
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("hold: need 0 <= min <= max");
        }
        this.holdMin = min;
        this.holdMax = max;
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.barrier();
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int waiters = knobs.intIn(minWaiters, maxWaiters);
        long hold = Time.millis(knobs.intIn((int) (holdMin / 1000), (int) (holdMax / 1000)));
        long bound = Bounds.afterHeal(swarm, Time.seconds(5));
        RecipeTrial.Installer installer = (ensemble, history) -> {
            Workloads.add(ensemble, new ScriptClient(new ClientLog(history),
                    CoordinationScripts.barrierCoordinator(factory, path, hold)));
            for (int i = 0; i < waiters; i++) {
                Workloads.add(ensemble, new ScriptClient(new ClientLog(history), CoordinationScripts.barrierWaiter(factory, path)));
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> List.of(new BarrierChecker(),
                UnlessLost.all(List.of("c1"), new LivenessChecker(heal, bound, end).onlyKinds(OpKind.LIFT, OpKind.ENTER)));
        return new RecipeTrial(swarm, faultsFor(swarm), installer, bound + Time.seconds(5), checks, List.of(
                "waiters: " + waiters, "lift after: " + Time.formatSeconds(hold), "liveness bound: " + Time.formatSeconds(bound)));
    }
}

package dev.zksim.scenario;

import dev.zksim.kernel.choice.ChoiceLog;
import dev.zksim.nemesis.FaultPlan;

/**
 * What exactly to run: a scenario and a seed, optionally with the fault plan fixed (instead
 * of generated) and the choices replayed from a log (instead of drawn from the seed). A
 * shrunk failure is a spec with both fixed; {@link dev.zksim.property.ReproLine} prints it.
 *
 * <p>{@code endsWhenIdle} says how the run ends: true (every run zksim starts now) ends it as
 * soon as the ensemble goes idle for good after the heal ({@link dev.zksim.ensemble.Ensemble#isIdle()}),
 * since from there it would only ping until its scheduled end; false runs it to that end, as
 * zksim did before, which is how a reproduce line recorded then ({@code zksim3:}) replays.
 * Both end with the same verdict; they differ in the trace, and so in the digest.
 */
public record RunSpec(String scenario, long seed, FaultPlan plan, ChoiceLog choices, boolean endsWhenIdle) {

    /** A run that ends when it goes idle. */
    public RunSpec(String scenario, long seed, FaultPlan plan, ChoiceLog choices) {
        this(scenario, seed, plan, choices, true);
    }

    public static RunSpec of(String scenario, long seed) {
        return new RunSpec(scenario, seed, null, null);
    }

    /** The same run, naming the scenario differently (e.g. with its catalogue). */
    public RunSpec withScenario(String id) {
        return new RunSpec(id, seed, plan, choices, endsWhenIdle);
    }

    public RunSpec withPlan(FaultPlan fixed) {
        return new RunSpec(scenario, seed, fixed, choices, endsWhenIdle);
    }

    public RunSpec withChoices(ChoiceLog log) {
        return new RunSpec(scenario, seed, plan, log, endsWhenIdle);
    }

    /** The same run, ended when idle or run to its scheduled end. */
    public RunSpec endingWhenIdle(boolean ends) {
        return new RunSpec(scenario, seed, plan, choices, ends);
    }
}

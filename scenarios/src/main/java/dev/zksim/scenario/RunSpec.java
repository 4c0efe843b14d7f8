package dev.zksim.scenario;

import dev.zksim.kernel.choice.ChoiceLog;
import dev.zksim.nemesis.FaultPlan;

/**
 * What exactly to run: a scenario and a seed, optionally with the fault plan fixed (instead
 * of generated) and the choices replayed from a log (instead of drawn from the seed). A
 * shrunk failure is a spec with both fixed; {@link dev.zksim.property.ReproLine} prints it.
 */
public record RunSpec(String scenario, long seed, FaultPlan plan, ChoiceLog choices) {

    public static RunSpec of(String scenario, long seed) {
        return new RunSpec(scenario, seed, null, null);
    }

    /** The same run, naming the scenario differently (e.g. with its catalogue). */
    public RunSpec withScenario(String id) {
        return new RunSpec(id, seed, plan, choices);
    }

    public RunSpec withPlan(FaultPlan fixed) {
        return new RunSpec(scenario, seed, fixed, choices);
    }

    public RunSpec withChoices(ChoiceLog log) {
        return new RunSpec(scenario, seed, plan, log);
    }
}

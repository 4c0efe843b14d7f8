package dev.zksim.property;

import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.util.Optional;

/** The seeds a {@link SimulationProperty} method runs, and the way to check a scenario over them. */
public record Seeds(long base, int count) {

    /** Checks the scenario over these seeds; a counterexample fails with its reproduce line. */
    public void check(ScenarioCatalog catalog, String scenario) {
        Optional<PropertyCheck.Counterexample> failure = new PropertyCheck(new ScenarioRunner(catalog))
                .check(scenario, base, count, true);
        if (failure.isPresent()) {
            throw new AssertionError("property '" + scenario + "' failed:\n" + failure.get().describe());
        }
    }

    /** Expects the scenario to FAIL within these seeds (a canary); returns the counterexample. */
    public PropertyCheck.Counterexample expectFailure(ScenarioCatalog catalog, String scenario) {
        return new PropertyCheck(new ScenarioRunner(catalog)).check(scenario, base, count, true)
                .orElseThrow(() -> new AssertionError("canary '" + scenario + "' was not caught in " + count
                        + " seeds from " + base + ": the checkers may have gone blind"));
    }
}

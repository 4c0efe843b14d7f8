package dev.zksim.property;

import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.util.Optional;

/**
 * The seeds a {@link SimulationProperty} method runs, and the way to check a scenario over them.
 *
 * @param base the first seed
 * @param count how many seeds, from {@code base} on
 * @param determinismEvery every k-th seed (the first included) runs twice and must give the same
 *     trace digest; 1 checks every seed, which is the default
 * @param budgetSeconds stop starting new seeds after this many seconds of wall time; 0 for none
 * @param threads how many seeds run at once, each simulation on its own thread; 0 for one per
 *     core. The counterexample does not depend on it: it is always the lowest failing seed's
 */
public record Seeds(long base, int count, int determinismEvery, long budgetSeconds, int threads) {

    public Seeds {
        if (count < 0 || determinismEvery < 1 || budgetSeconds < 0 || threads < 0) {
            throw new IllegalArgumentException(
                    "seeds: need count >= 0, determinismEvery >= 1, budgetSeconds >= 0 and threads >= 0");
        }
    }

    /** {@code count} seeds from {@code base}, each checked for determinism, with no time budget, one at a time. */
    public Seeds(long base, int count) {
        this(base, count, 1, 0, 1);
    }

    /** The seeds of a property whose seeds run one at a time. */
    public Seeds(long base, int count, int determinismEvery, long budgetSeconds) {
        this(base, count, determinismEvery, budgetSeconds, 1);
    }

    /** Checks the scenario over these seeds; a counterexample fails with its reproduce line. */
    public void check(ScenarioCatalog catalog, String scenario) {
        Optional<PropertyCheck.Counterexample> failure = engine(catalog).check(scenario, base, count, true);
        if (failure.isPresent()) {
            throw new AssertionError("property '" + scenario + "' failed:\n" + failure.get().describe());
        }
    }

    /** Expects the scenario to FAIL within these seeds (a canary); returns the counterexample. */
    public PropertyCheck.Counterexample expectFailure(ScenarioCatalog catalog, String scenario) {
        return engine(catalog).check(scenario, base, count, true)
                .orElseThrow(() -> new AssertionError("canary '" + scenario + "' was not caught in " + count
                        + " seeds from " + base + ": the checkers may have gone blind"));
    }

    private PropertyCheck engine(ScenarioCatalog catalog) {
        return new PropertyCheck(new ScenarioRunner(catalog), determinismEvery, budgetSeconds, WallClock::nanos, threads);
    }
}

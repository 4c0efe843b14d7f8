package dev.zksim.property;

import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunawayRun;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.scenario.Goal;
import dev.zksim.sweep.SweepConfig;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The seeds a {@link SimulationProperty} method runs, and the way to check a scenario over them.
 *
 * <p>{@link #check} runs, in this order: each regression line (a reproduce line kept from an
 * earlier failure, which must now pass), the seed that failed last time if the failure store
 * remembers one, then the seeds {@code base..base+count-1}. A failure fails the test with the
 * shrunk case first and is remembered; a pass forgets any remembered seed.
 *
 * @param base the first seed
 * @param count how many seeds, from {@code base} on
 * @param determinismEvery every k-th seed (the first included) runs twice and must give the same
 *     trace digest; 1 checks every seed, which is the default
 * @param budgetSeconds stop starting new seeds after this many seconds of wall time; 0 for none
 * @param threads how many seeds run at once, each simulation on its own thread; 0 for one per
 *     core. The counterexample does not depend on it: it is always the lowest failing seed's
 * @param regressions reproduce lines replayed before any seed; each must pass
 * @param seedWallSeconds the wall-clock bound of one seed, as the command line's {@code --max-wall}
 *     (default {@value #DEFAULT_SEED_WALL_SECONDS}); 0 for none
 * @param store where the last failing seed is kept between test runs ({@link FailureStore#NONE}: nowhere)
 * @param stats what the check did, for the report entries
 */
public record Seeds(long base, int count, int determinismEvery, long budgetSeconds, int threads,
                    List<String> regressions, long seedWallSeconds, FailureStore store, PropertyStats stats) {
    /** The command line's default bound of one run's wall time ({@code run --max-wall}). */
    public static final long DEFAULT_SEED_WALL_SECONDS = SweepConfig.DEFAULT_WALL_LIMIT_MILLIS / 1000;

    public Seeds {
        if (count < 0 || determinismEvery < 1 || budgetSeconds < 0 || threads < 0 || seedWallSeconds < 0) {
            throw new IllegalArgumentException("seeds: need count >= 0, determinismEvery >= 1, budgetSeconds >= 0, "
                    + "threads >= 0 and seedWallSeconds >= 0");
        }
        regressions = List.copyOf(regressions);
    }

    /** {@code count} seeds from {@code base}, each checked for determinism, with no time budget, one at a time. */
    public Seeds(long base, int count) {
        this(base, count, 1, 0, 1);
    }

    /** The seeds of a property whose seeds run one at a time. */
    public Seeds(long base, int count, int determinismEvery, long budgetSeconds) {
        this(base, count, determinismEvery, budgetSeconds, 1);
    }

    /** Seeds with no regression lines, the default bound per seed, no failure store. */
    public Seeds(long base, int count, int determinismEvery, long budgetSeconds, int threads) {
        this(base, count, determinismEvery, budgetSeconds, threads, List.of(), DEFAULT_SEED_WALL_SECONDS,
                FailureStore.NONE, new PropertyStats());
    }

    /**
     * Checks the scenario: the regression lines, the remembered failing seed, then these seeds.
     * A counterexample fails with its shrunk reproduce line on the first line of the message.
     */
    public void check(ScenarioCatalog catalog, String scenario) {
        PropertyCheck engine = engine(catalog);
        for (String line : regressions) {
            replay(engine, line);
        }
        OptionalLong remembered = store.lastFailingSeed(scenario);
        Optional<PropertyCheck.Counterexample> failure = remembered.isPresent()
                ? run(engine, catalog, scenario, remembered.getAsLong(), 1) : Optional.empty();
        if (failure.isEmpty()) {
            failure = run(engine, catalog, scenario, base, count);
        }
        if (failure.isPresent()) {
            PropertyCheck.Counterexample found = failure.get();
            store.remember(scenario, found.original().spec().seed(), found.line().toString());
            throw new AssertionError(found.report());
        }
        store.forget(scenario);
    }

    /**
     * Replays one reproduce line as a regression test: the run it names (the scenario, the seed,
     * and the fault plan and choices a shrunk line carries) must pass. The line's digest is not
     * compared, since the code under test has changed since the line was printed: that is the point.
     * For example, in a plain {@code @Test}:
     * <pre>{@code
     * new Seeds(0, 0).replay(catalog, "zksim4:acme/acme-lock:0:eNpL...:eNpj...:5d0c...");
     * }</pre>
     */
    public void replay(ScenarioCatalog catalog, String line) {
        replay(engine(catalog), line);
    }

    /** Expects the scenario to FAIL within these seeds (a canary); returns the counterexample. */
    public PropertyCheck.Counterexample expectFailure(ScenarioCatalog catalog, String scenario) {
        return run(engine(catalog), catalog, scenario, base, count)
                .orElseThrow(() -> new AssertionError("canary '" + scenario + "' was not caught in " + count
                        + " seeds from " + base + ": the checkers may have gone blind"));
    }

    private Optional<PropertyCheck.Counterexample> run(PropertyCheck engine, ScenarioCatalog catalog, String scenario,
                                                       long first, int seeds) {
        stats.plan(scenario, first, seeds, catalog.find(scenario).goals().stream().map(Goal::name).toList());
        long started = Stopwatch.nanos();
        try {
            return engine.check(scenario, first, seeds, true);
        } catch (RunawayRun runaway) {
            String line = runaway.digest().equals("-") ? ReproLine.withoutDigest(runaway.spec())
                    : new ReproLine(runaway.spec(), runaway.digest()).toString();
            throw new AssertionError("reproduce: ./zksim replay " + line + "\nproperty '" + scenario + "': seed "
                    + Long.toUnsignedString(runaway.spec().seed()) + " is a " + runaway.getMessage(), runaway);
        } finally {
            stats.addNanos(Stopwatch.nanos() - started);
        }
    }

    private void replay(PropertyCheck engine, String line) {
        ReproLine parsed = ReproLine.parse(line);
        RunOutcome outcome = engine.runTwice(parsed.spec());
        stats.recordRegression();
        stats.record(outcome);
        if (outcome.failed()) {
            throw new AssertionError("reproduce: ./zksim replay " + line + "\nthe regression line fails again: "
                    + outcome.failure().orElseThrow().getMessage());
        }
    }

    private PropertyCheck engine(ScenarioCatalog catalog) {
        return new PropertyCheck(new ScenarioRunner(catalog), determinismEvery, budgetSeconds, Stopwatch::nanos, threads)
                .boundingEachSeed(Math.multiplyExact(seedWallSeconds, 1000L)).observing(stats::record);
    }
}

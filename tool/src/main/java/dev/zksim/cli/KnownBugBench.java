package dev.zksim.cli;

import dev.zksim.explore.ExploreReport;
import dev.zksim.explore.Explorer;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.ReproLine;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.RunawayRun;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.scenario.WithBugs;
import dev.zksim.server.zab.KnownBug;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * One cell of the known-bug benchmark at a time: a scenario, with or without a bug, under one
 * strategy within a {@link Budget}. Random seeds run consecutive seeds through the scenario
 * runner; the other strategies are the explorer's, whose violation is replayed as a plain run
 * for its reproduce line and depth (the events the run dispatched up to the violation).
 */
final class KnownBugBench {

    /** The benchmark's strategies: random seeds, and the explorer's pct, coverage and dfs. */
    enum Strategy {
        RANDOM(null), PCT(Explorer.Strategy.PCT), COVERAGE(Explorer.Strategy.COVERAGE), DFS(Explorer.Strategy.DFS);

        private final Explorer.Strategy explorer;

        Strategy(Explorer.Strategy explorer) {
            this.explorer = explorer;
        }

        Explorer.Strategy explorer() {
            return explorer;
        }

        String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The strategy a word names (random, pct, coverage or dfs); anything else is a one-line error. */
        static Strategy of(String word) {
            try {
                return valueOf(word.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown strategy '" + word + "' (use random, pct, coverage or dfs)");
            }
        }
    }

    /**
     * What one cell measured: runs and seconds to the first violation (or in all, if none),
     * the violated invariant, the violating run's depth in events, its reproduce line, and for
     * a dfs whether it completed within its bounds.
     */
    record Cell(String bug, String scenario, Strategy strategy, long runs, double seconds, String invariant, long depth,
                String reproduce, boolean complete) {
        boolean violated() {
            return invariant != null;
        }

        String summary() {
            return String.format(Locale.ROOT, "%s %s %s: %d runs, %.1f s, %s", bug, scenario, strategy.word(), runs, seconds,
                    violated() ? invariant : complete ? "complete within bounds, clean" : "clean");
        }
    }

    /**
     * What one cell may spend: wall time in nanoseconds and a number of runs, whichever ends
     * first. A bound on runs alone makes a cell's result independent of the machine's speed,
     * which is what a test needs; a bound on time alone is what the benchmark measures.
     */
    record Budget(long nanos, long runs) {
        static Budget ofNanos(long nanos) {
            return new Budget(nanos, Long.MAX_VALUE);
        }

        static Budget ofRuns(long runs) {
            return new Budget(Long.MAX_VALUE, runs);
        }
    }

    private final ScenarioCatalog catalog;
    private final long seed;
    private final int faults;
    private final LongSupplier clock;

    KnownBugBench(ScenarioCatalog catalog, long seed, int faults, LongSupplier clock) {
        this.catalog = catalog;
        this.seed = seed;
        this.faults = faults;
        this.clock = clock;
    }

    Cell withBug(KnownBug bug, String scenario, Strategy strategy, Budget budget) {
        return measure(bug.id(), WithBugs.idOf(scenario, List.of(bug)), strategy, budget);
    }

    Cell withoutBug(String scenario, Strategy strategy, Budget budget) {
        return measure("flag-off", scenario, strategy, budget);
    }

    private Cell measure(String bug, String scenario, Strategy strategy, Budget budget) {
        return strategy == Strategy.RANDOM ? randomSeeds(bug, scenario, budget) : explore(bug, scenario, strategy, budget);
    }

    private Cell randomSeeds(String bug, String scenario, Budget budget) {
        ScenarioRunner runner = new ScenarioRunner(catalog);
        long start = clock.getAsLong();
        long runs = 0;
        while (runs < budget.runs() && clock.getAsLong() - start < budget.nanos()) {
            RunSpec spec = RunSpec.of(scenario, seed + runs);
            runs++;
            try {
                // As a sweep runs its seeds: the digest only for a failing one, whose line carries it.
                RunOutcome outcome = runner.runDigestingFailures(spec);
                if (outcome.failed()) {
                    return new Cell(bug, scenario, Strategy.RANDOM, runs, seconds(start), describe(outcome.failure().get()),
                            outcome.events(), new ReproLine(spec, outcome.digest()).toString(), false);
                }
            } catch (RunawayRun runaway) {
                return new Cell(bug, scenario, Strategy.RANDOM, runs, seconds(start), "runaway: " + runaway.getMessage(),
                        0, ReproLine.withoutDigest(spec), false);
            }
        }
        return new Cell(bug, scenario, Strategy.RANDOM, runs, seconds(start), null, 0, null, false);
    }

    private Cell explore(String bug, String scenario, Strategy strategy, Budget budget) {
        long start = clock.getAsLong();
        Explorer.Builder builder = Explorer.builder(catalog, scenario).strategy(strategy.explorer()).faults(faults)
                .seed(seed).clock(clock);
        if (budget.nanos() != Long.MAX_VALUE) {
            builder.budgetNanos(budget.nanos());
        }
        if (budget.runs() != Long.MAX_VALUE) {
            builder.runs(budget.runs());
        }
        if (strategy == Strategy.DFS) {
            builder.deviations(3).deepen(true);
        }
        ExploreReport report = builder.explore();
        double seconds = seconds(start);
        Optional<ExploreReport.Violation> violation = report.violation();
        if (violation.isEmpty()) {
            return new Cell(bug, scenario, strategy, report.runs(), seconds, null, 0, null, report.complete());
        }
        Optional<PropertyCheck.Counterexample> example = Explorer.counterexample(catalog, violation.get(), false);
        long depth = example.map(found -> found.original().events()).orElse(0L);
        String line = example.map(found -> found.line().toString()).orElse("(the violating run passed when replayed)");
        return new Cell(bug, scenario, strategy, violation.get().run(), seconds, describe(violation.get().failure()), depth,
                line, false);
    }

    private double seconds(long start) {
        return (clock.getAsLong() - start) / 1e9;
    }

    /** The failure's kind and the invariant's words, without the self-check's preamble. */
    static String describe(SimulationFailure failure) {
        String message = failure.getMessage() == null ? "" : failure.getMessage();
        int cut = message.indexOf("violated: ");
        String what = cut >= 0 ? message.substring(cut + "violated: ".length())
                : message.replaceFirst("^" + failure.kind() + " at [^:]*: (ensemble self-check failed: )?", "");
        return failure.kind() + ": " + what.lines().findFirst().orElse("");
    }

    /** The two tables: the bugs under every strategy, then the flag-off runs. */
    static String table(List<Cell> found, List<Cell> clean) {
        StringBuilder text = new StringBuilder();
        text.append("| bug | strategy | runs | seconds | invariant | depth (events) | reproduce |\n");
        text.append("|---|---|---|---|---|---|---|\n");
        for (Cell cell : found) {
            text.append(String.format(Locale.ROOT, "| %s | %s | %d | %.1f | %s | %s | %s |%n", cell.bug(),
                    cell.strategy().word(), cell.runs(), cell.seconds(), cell.violated() ? cell.invariant() : "not found",
                    cell.violated() ? Long.toString(cell.depth()) : "-",
                    cell.violated() ? "`./zksim replay " + cell.reproduce() + "`" : "-"));
        }
        text.append("\n| flag-off scenario | strategy | runs | seconds | result |\n|---|---|---|---|---|\n");
        for (Cell cell : clean) {
            text.append(String.format(Locale.ROOT, "| %s | %s | %d | %.1f | %s |%n", cell.scenario(), cell.strategy().word(),
                    cell.runs(), cell.seconds(), cell.violated() ? "VIOLATION " + cell.invariant() + " `./zksim replay "
                            + cell.reproduce() + "`" : cell.complete() ? "clean, complete within bounds" : "clean"));
        }
        return text.toString();
    }
}

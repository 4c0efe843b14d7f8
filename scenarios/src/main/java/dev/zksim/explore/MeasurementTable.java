package dev.zksim.explore;

import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The README's measurement table: for every canary, the runs (and seconds) each strategy
 * needed to its first failure (plain random seeds, pct, coverage-guided, dfs); for every
 * other scenario, the size of its small-scope state space as a bounded dfs sees it, and
 * whether the dfs finished within its time budget.
 */
public final class MeasurementTable {
    private final ScenarioCatalog catalog;
    private final Settings settings;
    private final LongSupplier clock;

    /**
     * @param randomSeeds plain seeds tried before random testing is said to miss
     * @param runs explorer runs per strategy before it is said to miss
     * @param canaryDeviations the deepest deviation bound of the dfs that hunts the canaries, deepened from 1
     * @param dfsRuns runs the canary-hunting dfs may spend over all its deviation bounds
     * @param stateSpaceDeviations deviations of the dfs that measures a correct scenario's state space
     * @param stateSpaceBudgetNanos wall time a correct scenario's dfs may take
     */
    public record Settings(int randomSeeds, long runs, int canaryDeviations, long dfsRuns, int stateSpaceDeviations,
                           long stateSpaceBudgetNanos) {
    }

    public MeasurementTable(ScenarioCatalog catalog, Settings settings, LongSupplier clock) {
        this.catalog = catalog;
        this.settings = settings;
        this.clock = clock;
    }

    /** The whole table as Markdown, one scenario per row; {@code progress} hears each row as it is done. */
    public String markdown(Consumer<String> progress) {
        List<String> lines = new ArrayList<>();
        lines.add("| canary | random seeds | pct | coverage | dfs (1 to " + settings.canaryDeviations() + " deviations) |");
        lines.add("|---|---|---|---|---|");
        for (Scenario scenario : catalog.all()) {
            if (scenario.id().startsWith("canary-")) {
                String row = "| " + scenario.id() + " | " + randomSeeds(scenario.id()) + " | "
                        + explorer(scenario.id(), Explorer.Strategy.PCT) + " | "
                        + explorer(scenario.id(), Explorer.Strategy.COVERAGE) + " | "
                        + explorer(scenario.id(), Explorer.Strategy.DFS) + " |";
                lines.add(row);
                progress.accept(row);
            }
        }
        lines.add("");
        lines.add("| scenario | distinct states | transitions | runs | dfs (" + settings.stateSpaceDeviations()
                + " deviation(s), at most 1 fault) |");
        lines.add("|---|---|---|---|---|");
        for (Scenario scenario : catalog.all()) {
            if (!scenario.id().startsWith("canary-")) {
                String row = stateSpace(scenario.id());
                lines.add(row);
                progress.accept(row);
            }
        }
        return String.join("\n", lines) + "\n";
    }

    private String randomSeeds(String scenario) {
        ScenarioRunner runner = new ScenarioRunner(catalog);
        long start = clock.getAsLong();
        for (long seed = 0; seed < settings.randomSeeds(); seed++) {
            // As a sweep runs its seeds: nothing here reads a digest.
            if (runner.runDigestingFailures(RunSpec.of(scenario, seed)).failed()) {
                return found(seed + 1, clock.getAsLong() - start);
            }
        }
        return String.format(Locale.ROOT, "missed in %,d seeds (%.1f s)", settings.randomSeeds(), seconds(clock.getAsLong() - start));
    }

    private String explorer(String scenario, Explorer.Strategy strategy) {
        if (strategy == Explorer.Strategy.DFS) {
            ExploreReport dfs = Explorer.builder(catalog, scenario).deviations(settings.canaryDeviations()).deepen(true)
                    .runs(settings.dfsRuns()).clock(clock).explore();
            return dfs.violation().map(found -> found(found.run(), dfs.wallNanos()) + " at " + dfs.deviationsSearched()
                    + " deviation" + (dfs.deviationsSearched() == 1 ? "" : "s"))
                    .orElse(String.format(Locale.ROOT, "missed in %,d runs", dfs.runs()));
        }
        ExploreReport report = Explorer.builder(catalog, scenario).strategy(strategy).runs(settings.runs()).clock(clock)
                .explore();
        if (report.violation().isPresent()) {
            return found(report.violation().get().run(), report.wallNanos());
        }
        return String.format(Locale.ROOT, "missed in %,d runs%s", report.runs(), report.complete() ? " (complete)" : "");
    }

    private String stateSpace(String scenario) {
        ExploreReport report = Explorer.builder(catalog, scenario).strategy(Explorer.Strategy.DFS)
                .deviations(settings.stateSpaceDeviations()).faults(1).budgetNanos(settings.stateSpaceBudgetNanos()).clock(clock)
                .explore();
        String outcome = report.violation().map(found -> "violation after " + found.run() + " runs: "
                        + found.failure().kind())
                .orElse(report.complete() ? "complete" : "not complete");
        return String.format(Locale.ROOT, "| %s | %,d | %,d | %,d | %s in %.1f s |", scenario, report.distinctStates(),
                report.transitions(), report.runs(), outcome, seconds(report.wallNanos()));
    }

    private static String found(long runs, long nanos) {
        return String.format(Locale.ROOT, "%,d (%.2f s)", runs, seconds(nanos));
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}

package dev.zksim.cli;

import dev.zksim.catalog.Catalog;
import dev.zksim.explore.ExploreHtml;
import dev.zksim.explore.ExploreReport;
import dev.zksim.explore.Explorer;
import dev.zksim.explore.MeasurementTable;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.kernel.Time;
import dev.zksim.property.PropertyCheck;
import dev.zksim.report.data.ResultsFolder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zksim explore SCENARIO}: model checking. Explores the scenario's choice stream in
 * the small scope with one strategy, prints what it covered (transitions, distinct states,
 * states/s, deepest level, "complete within bounds" for a finished dfs, goals), and on a
 * violation prints the shrunk counterexample with the same reproduce line and exit code as
 * {@code run}.
 */
@Command(name = "explore", mixinStandardHelpOptions = true,
        description = "Model-check a scenario in small scope: dfs (bounded exhaustive, state hashing), pct, random or"
                + " coverage; prints states, goals and the first counterexample's reproduce line.")
final class ExploreCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO", description = "Scenario id (see ./zksim list).")
    private String scenario;

    @Option(names = "--bug", paramLabel = "ZOOKEEPER-NNNN",
            description = "Re-introduce this known ZooKeeper bug in every server (repeatable; see ./zksim known-bugs --list).")
    private List<String> bugs = new ArrayList<>();

    @Option(names = "--table", description = "Instead of one scenario, measure every canary under every strategy and"
            + " every other scenario's small-scope state space, and print the README's Markdown table.")
    private boolean table;

    @Option(names = "--strategy", defaultValue = "dfs", description = "dfs, pct, random or coverage (default dfs).")
    private String strategy;

    @Option(names = "--budget", description = "Runs (a number) or wall time (e.g. 30s, 2m), for every strategy;"
            + " default: dfs until complete, the others 1000 runs.")
    private String budget;

    @Option(names = "--deviations", defaultValue = "1",
            description = "dfs: choices per run that may differ from the default (shortest delay, no fault); default 1.")
    private int deviations;

    @Option(names = "--deepen", description = "dfs: search 1 deviation, then 2, up to --deviations, each bound"
            + " exhausted before the next (the shallowest counterexample first).")
    private boolean deepen;

    @Option(names = "--depth", description = "dfs: only the first N choice points of a run branch (default: all).")
    private Integer depth;

    @Option(names = "--faults", defaultValue = "1", description = "At most this many faults per run (default 1).")
    private int faults;

    @Option(names = "--buckets", defaultValue = "2", description = "Ordered delay buckets per draw (default 2).")
    private int buckets;

    @Option(names = "--seed", converter = SeedConverter.class, defaultValue = "0",
            description = "Seed of pct, random and coverage (default 0).")
    private long seed;

    @Option(names = "--pct-depth", defaultValue = "3", description = "pct: d, for d - 1 priority-change points (default 3).")
    private int pctDepth;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the report as an HTML page with charts.")
    private Path html;

    @Option(names = "--no-shrink", description = "Report the counterexample as found, without shrinking it.")
    private boolean noShrink;

    @Override
    public Integer call() {
        if (table) {
            return measurementTable();
        }
        if (scenario == null) {
            throw new IllegalArgumentException("name a SCENARIO to explore (see ./zksim list), or give --table");
        }
        scenario = KnownBugOption.scenarioWith(scenario, bugs);
        Explorer.Builder builder = Explorer.builder(UserClasspath.catalog(), scenario).strategy(parseStrategy(strategy))
                .deviations(deviations).deepen(deepen).faults(faults).buckets(buckets).seed(seed).pctDepth(pctDepth);
        if (depth != null) {
            builder.depth(depth);
        }
        if (budget != null) {
            applyBudget(builder, budget);
        }
        ExploreReport report = builder.explore();
        System.out.print(report.summary());
        String reproduce = report.violation().map(found -> counterexample(found)).orElse(null);
        if (html != null) {
            ResultsFolder.writeTo(html, ExploreHtml.page(report, reproduce));
            System.out.println("report written to " + html.toAbsolutePath());
        }
        return report.exitCode();
    }

    /** The README's table: budgets fixed here so that anyone re-running the command gets the same rows. */
    @SuppressForbidden("the table reports wall-clock seconds to the first failure; no simulation reads the clock")
    private int measurementTable() {
        MeasurementTable.Settings settings = new MeasurementTable.Settings(10_000, 2_000, 4, 40_000, deviations,
                Time.seconds(20) * 1000);
        String markdown = new MeasurementTable(Catalog.standard(), settings, System::nanoTime)
                .markdown(row -> System.err.println(row));
        System.out.print(markdown);
        return 0;
    }

    /** Replays the violating run as an ordinary spec, shrinks it and prints the reproduce line. */
    private String counterexample(ExploreReport.Violation found) {
        Optional<PropertyCheck.Counterexample> example = Explorer.counterexample(UserClasspath.catalog(), found, !noShrink);
        if (example.isEmpty()) {
            System.out.println("warning: the violating run passed when replayed as a plain run; its choices and plan are"
                    + " printed as found");
            return null;
        }
        System.out.println("counterexample: " + example.get().describe());
        return example.get().line().toString();
    }

    private static Explorer.Strategy parseStrategy(String word) {
        try {
            return Explorer.Strategy.valueOf(word.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown strategy '" + word + "' (use dfs, pct, random or coverage)");
        }
    }

    private static void applyBudget(Explorer.Builder builder, String text) {
        if (text.matches("[0-9]+")) {
            builder.runs(Long.parseLong(text));
        } else {
            builder.budgetNanos(Time.parse(text) * 1000);
        }
    }
}

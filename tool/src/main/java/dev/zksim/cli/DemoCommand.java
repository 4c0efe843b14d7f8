package dev.zksim.cli;

import dev.zksim.catalog.Catalog;
import dev.zksim.demo.KernelDemo;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.kernel.trace.LineDigest;
import dev.zksim.property.PropertyCheck;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.sweep.Sweep;
import dev.zksim.sweep.SweepConfig;
import dev.zksim.sweep.SweepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code zksim demo}: the main job. A short sweep over every scenario of the catalogue with
 * faults, a summary table (scenario, seeds, failures, seeds/s), then one canary caught and
 * shrunk, with the line that reproduces it. {@code --kernel} runs the bare kernel demo.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "The main job: a short sweep over the scenario catalogue with faults, a summary table, and a canary caught and shrunk.")
final class DemoCommand implements Callable<Integer> {

    @Option(names = "--seed", converter = SeedConverter.class, defaultValue = "1",
            description = "First seed of every sweep (default 1).")
    private long seed;

    @Option(names = "--seeds", defaultValue = "20", description = "Seeds per scenario (default 20).")
    private int seeds;

    @Option(names = "--kernel", description = "Run only the kernel demo (toy gossip protocol) for --seed.")
    private boolean kernel;

    @Override
    public Integer call() {
        if (kernel) {
            KernelDemo.report(KernelDemo.run(seed)).forEach(System.out::println);
            return 0;
        }
        ScenarioCatalog catalog = Catalog.standard();
        ScenarioRunner runner = new ScenarioRunner(catalog);
        System.out.println("zksim demo: " + seeds + " seeds per scenario from seed " + seed + ", faults on, self-checks on");
        List<SweepResult> results = new ArrayList<>();
        List<Scenario> swept = catalog.all().stream().filter(scenario -> !scenario.id().startsWith("canary-")).toList();
        for (Scenario scenario : swept) {
            // Progress on stderr, a line per scenario: the table on stdout comes at the end.
            System.err.println("demo: " + (results.size() + 1) + "/" + swept.size() + " " + scenario.id());
            results.add(sweep(runner, scenario.id()));
        }
        printTable(results);
        int failures = results.stream().mapToInt(result -> result.failures().size()).sum();
        showCanary(catalog, runner);
        System.out.println("digest: " + combined(results));
        return failures == 0 ? 0 : results.stream().filter(r -> !r.failures().isEmpty()).findFirst().orElseThrow().exitCode();
    }

    private SweepResult sweep(ScenarioRunner runner, String scenario) {
        SweepConfig config = new SweepConfig(scenario, seed, seeds, 0, 1, cores(), null,
                java.nio.file.Path.of("results", "demo-failures.txt"), false);
        return new Sweep(runner).digestingEverySeed().run(config, (done, total, failures, rate) -> { }, finding -> record(config, finding));
    }

    /** Keeps a finding in the demo's results file, opened only when there is something to keep. */
    private static void record(SweepConfig config, dev.zksim.sweep.SeedResult finding) {
        try (dev.zksim.sweep.ResultsLog log = dev.zksim.sweep.ResultsLog.open(config.results())) {
            log.append(finding.describe());
        } catch (java.io.IOException e) {
            System.err.println("zksim: cannot write results to " + config.results() + ": " + e.getMessage());
        }
    }

    private static void printTable(List<SweepResult> results) {
        System.out.printf(Locale.ROOT, "%n%-34s %6s %9s %9s %14s%n", "scenario", "seeds", "failures", "seeds/s", "events/s");
        for (SweepResult result : results) {
            System.out.printf(Locale.ROOT, "%-34s %6d %9d %9.1f %14.0f%n", result.scenario(), result.seedsRun(),
                    result.failures().size(), result.seedsPerSecond(), result.eventsPerSecond());
        }
    }

    /** The first canary of the catalogue, caught and shrunk: what a real failure looks like. */
    private void showCanary(ScenarioCatalog catalog, ScenarioRunner runner) {
        Optional<Scenario> canary = catalog.all().stream().filter(s -> s.id().startsWith("canary-")).findFirst();
        if (canary.isEmpty()) {
            return;
        }
        System.out.println("\ncanary " + canary.get().id() + " (" + canary.get().title() + "):");
        Optional<PropertyCheck.Counterexample> caught = new PropertyCheck(runner).check(canary.get().id(), seed, 50, true);
        System.out.println(caught.map(c -> "caught: " + c.describe()).orElse("NOT caught in 50 seeds: the checkers may have gone blind"));
    }

    private static String combined(List<SweepResult> results) {
        return LineDigest.of(results.stream().map(result -> result.scenario() + " " + result.combinedDigest()).toList());
    }

    @SuppressForbidden("the demo's sweeps use one worker per core, outside any simulation")
    private static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }
}

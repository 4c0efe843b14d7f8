package dev.zksim.cli;

import dev.zksim.bench.CuratorBench;
import dev.zksim.bench.ScalingBench;
import dev.zksim.bench.VsReal;
import dev.zksim.kernel.SuppressForbidden;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zksim bench SUITE}: runs a JMH suite and prints each benchmark's throughput and its
 * ratio to the suite's baseline, both measured in this one run.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Run a JMH benchmark suite (kernel, ensemble, explore, vs-real, scaling or curator) and print throughput and ratios measured in the same run.",
                "vs-real runs the same workloads on a real in-process ZooKeeper and on zksim, interleaved, fresh and warm.",
                "curator measures the examples' Curator InterProcessMutex in one JVM and two, and the agent's cost on official-client code, interleaved.",
                "scaling reports CPU per event from 10 to 10,000 clients and 1 to 7 servers, memory per client and per znode."})
final class BenchCommand implements Runnable {
    private static final Map<String, String> SUITES = new LinkedHashMap<>();

    static {
        SUITES.put("kernel", "dev.zksim.bench.KernelLoopBenchmark");
        SUITES.put("ensemble", "dev.zksim.bench.EnsembleBenchmark");
        SUITES.put("explore", "dev.zksim.bench.ExploreBenchmark");
    }

    @Parameters(index = "0", paramLabel = "SUITE", description = "Which suite: ${COMPLETION-CANDIDATES}.",
            completionCandidates = SuiteNames.class)
    private String suite;

    @Option(names = "--forks", defaultValue = "1", description = "JMH forks (default ${DEFAULT-VALUE}).")
    private int forks;

    // Ten iterations, not five: JMH's 99.9% interval shrinks with the t-quantile and the
    // square root of the count, so the same noise gives error bars 2.5 times narrower.
    @Option(names = "--iterations", defaultValue = "10", description = "Measurement iterations of 1 s (default ${DEFAULT-VALUE}).")
    private int iterations;

    @Option(names = "--warmups", defaultValue = "5", description = "Warm-up iterations of 1 s (default ${DEFAULT-VALUE}).")
    private int warmups;

    @Option(names = "--configs", description = "vs-real only: servers/clients/rounds[:lock|read-heavy|write-heavy], "
            + "comma-separated (default: the four lock configurations of issue 13 and 3/10/20 read-heavy and write-heavy).")
    private String configs;

    @Option(names = "--reps", defaultValue = "3", description = "vs-real: real runs per configuration; curator: pairs with and without the agent (default ${DEFAULT-VALUE}).")
    private int reps;

    @Option(names = "--no-fresh", description = "vs-real only: skip the fresh runs in child JVMs.")
    private boolean noFresh;

    @Option(names = "--seeds", defaultValue = "1000", description = "curator only: seeds measured per figure (default ${DEFAULT-VALUE}).")
    private int seeds;

    @Option(names = "--znodes", defaultValue = "100000", description = "scaling only: znodes in the tree it builds and reads (default ${DEFAULT-VALUE}).")
    private int znodes;

    static final class SuiteNames extends ArrayList<String> {
        SuiteNames() {
            super(SUITES.keySet());
            add(VS_REAL);
            add(SCALING);
            add(CURATOR);
        }
    }

    private static final String VS_REAL = "vs-real";
    /** The bare kernel's loop, the floor that a suite running the model quotes its events against. */
    private static final String KERNEL_FLOOR = "dev.zksim.bench.KernelLoopBenchmark.zksimKernel";
    private static final String SCALING = "scaling";
    private static final String CURATOR = "curator";

    private void runVsReal() {
        VsReal.Settings standard = VsReal.standard();
        if (reps < 1) {
            throw new IllegalArgumentException("--reps must be at least 1");
        }
        VsReal.Settings settings = new VsReal.Settings(configs == null ? standard.configs() : VsReal.parseConfigs(configs),
                reps, standard.warmupSeconds(), standard.batchSeconds(), !noFresh);
        try {
            VsReal.run(settings, System.out);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("vs-real failed: " + e, e);
        }
    }

    private void runCurator() {
        if (reps < 1) {
            throw new IllegalArgumentException("--reps must be at least 1");
        }
        try {
            CuratorBench.run(seeds, reps, System.out);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("bench curator could not start a JVM: " + e.getMessage(), e);
        }
    }

    @Override
    @SuppressForbidden("JMH measures wall-clock throughput in forked JVMs, outside any simulation.")
    public void run() {
        if (suite.equals(VS_REAL)) {
            runVsReal();
            return;
        }
        if (suite.equals(CURATOR)) {
            runCurator();
            return;
        }
        if (suite.equals(SCALING)) {
            if (znodes < 100) {
                throw new IllegalArgumentException("--znodes must be at least 100");
            }
            ScalingBench.run(znodes, System.out);
            return;
        }
        String benchmarkClass = SUITES.get(suite);
        if (benchmarkClass == null) {
            throw new IllegalArgumentException("unknown benchmark suite '" + suite + "'; known: " + String.join(", ", new SuiteNames()));
        }
        OptionsBuilder builder = new OptionsBuilder();
        if (suite.equals("ensemble")) {
            // The model's events beside the bare kernel's, measured in the same run under the same load.
            builder.include(KERNEL_FLOOR.replace(".", "\\.") + "$");
        }
        Options options = builder
                .include(benchmarkClass.replace(".", "\\.") + "\\.")
                .forks(forks)
                .warmupIterations(warmups)
                .warmupTime(TimeValue.seconds(1))
                .measurementIterations(iterations)
                .measurementTime(TimeValue.seconds(1))
                .build();
        try {
            print(new Runner(options).run());
        } catch (RunnerException e) {
            throw new IllegalStateException("JMH failed: " + e.getMessage(), e);
        }
    }

    /**
     * One row per benchmark configuration and metric. The ratio compares each row with the
     * suite's baseline benchmark if it has one (a method named ...Baseline; for a suite that
     * runs the model, the bare kernel's loop), else with the first configuration measured,
     * always within this one run. Rows that count events also give the wall nanoseconds per
     * event.
     */
    private static void print(Collection<RunResult> results) {
        Map<String, Double> reference = new LinkedHashMap<>();
        boolean modelSuite = results.stream().anyMatch(result -> !result.getParams().getBenchmark().startsWith(KERNEL_SUITE));
        for (RunResult result : results) {
            String benchmark = result.getParams().getBenchmark();
            if (benchmark.endsWith("Baseline") || (modelSuite && benchmark.equals(KERNEL_FLOOR))) {
                // A baseline's primary score counts events, like the benchmark it is the base of;
                // beside the model, the bare kernel's loop is the base: the floor of any event.
                reference.put("events", result.getPrimaryResult().getScore());
            }
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "%-44s %-12s %16s %14s %8s %10s%n", "benchmark", "metric", "per second", "+/- error", "ratio",
                "ns/event");
        for (RunResult result : results) {
            String name = label(result);
            if (result.getSecondaryResults().isEmpty()) {
                row(name, "events", result.getPrimaryResult(), reference);
            }
            for (Map.Entry<String, org.openjdk.jmh.results.Result> secondary : result.getSecondaryResults().entrySet()) {
                row(name, secondary.getKey(), secondary.getValue(), reference);
            }
        }
    }

    private static void row(String name, String metric, org.openjdk.jmh.results.Result score, Map<String, Double> reference) {
        double base = reference.computeIfAbsent(metric, ignored -> score.getScore());
        String perEvent = metric.equals("events") ? String.format(Locale.ROOT, "%.0f", 1e9 / score.getScore()) : "";
        System.out.printf(Locale.ROOT, "%-44s %-12s %16s %14s %7.2fx %10s%n", name, metric, format(score.getScore()),
                format(score.getScoreError()), score.getScore() / base, perEvent);
    }

    private static final String KERNEL_SUITE = "dev.zksim.bench.KernelLoopBenchmark";

    private static String label(RunResult result) {
        String benchmark = result.getParams().getBenchmark();
        StringBuilder name = new StringBuilder(benchmark.substring(benchmark.lastIndexOf('.') + 1));
        for (String key : result.getParams().getParamsKeys()) {
            name.append(' ').append(key).append('=').append(result.getParams().getParam(key));
        }
        return name.toString();
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }
}

package dev.zksim.cli;

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
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Run a JMH benchmark suite (kernel) and print throughput and ratios to its baseline.")
final class BenchCommand implements Runnable {
    private static final Map<String, String> SUITES = new LinkedHashMap<>();

    static {
        SUITES.put("kernel", "dev.zksim.bench.KernelLoopBenchmark");
        SUITES.put("ensemble", "dev.zksim.bench.EnsembleBenchmark");
    }

    @Parameters(index = "0", paramLabel = "SUITE", description = "Which suite: ${COMPLETION-CANDIDATES}.",
            completionCandidates = SuiteNames.class)
    private String suite;

    @Option(names = "--forks", defaultValue = "1", description = "JMH forks (default ${DEFAULT-VALUE}).")
    private int forks;

    @Option(names = "--iterations", defaultValue = "5", description = "Measurement iterations of 1 s (default ${DEFAULT-VALUE}).")
    private int iterations;

    @Option(names = "--warmups", defaultValue = "3", description = "Warm-up iterations of 1 s (default ${DEFAULT-VALUE}).")
    private int warmups;

    static final class SuiteNames extends ArrayList<String> {
        SuiteNames() {
            super(SUITES.keySet());
        }
    }

    @Override
    @SuppressForbidden("JMH measures wall-clock throughput in forked JVMs, outside any simulation.")
    public void run() {
        String benchmarkClass = SUITES.get(suite);
        if (benchmarkClass == null) {
            throw new IllegalArgumentException("unknown benchmark suite '" + suite + "'; known: " + String.join(", ", SUITES.keySet()));
        }
        Options options = new OptionsBuilder()
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

    private static void print(Collection<RunResult> results) {
        List<String[]> rows = new ArrayList<>();
        double baseline = Double.NaN;
        for (RunResult result : results) {
            String name = result.getParams().getBenchmark();
            double score = result.getPrimaryResult().getScore();
            if (name.endsWith("Baseline")) {
                baseline = score;
            }
            rows.add(new String[] {name.substring(name.lastIndexOf('.') + 1), format(score),
                    format(result.getPrimaryResult().getScoreError())});
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "%-28s %18s %14s %8s%n", "benchmark", "events/s", "+/- error", "ratio");
        for (String[] row : rows) {
            double score = Double.parseDouble(row[1].replace(",", ""));
            String ratio = Double.isNaN(baseline) ? "-" : String.format(Locale.ROOT, "%.2fx", score / baseline);
            System.out.printf(Locale.ROOT, "%-28s %18s %14s %8s%n", row[0], row[1], row[2], ratio);
        }
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }
}

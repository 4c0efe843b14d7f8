package dev.zksim.cli;

import dev.zksim.kernel.Plural;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.sweep.JUnitReport;
import dev.zksim.sweep.ResultsLog;
import dev.zksim.sweep.Sweep;
import dev.zksim.sweep.SweepConfig;
import dev.zksim.sweep.SweepOutputs;
import dev.zksim.sweep.SweepResult;
import dev.zksim.sweep.SweepStart;
import dev.zksim.sweep.SweepSummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One sweep from the command line: its output files opened before the first run (a path
 * that cannot be written is bad input), findings printed and appended as they come, the
 * summary printed at the end, or, on Ctrl-C, the summary of what was done so far (the JVM
 * then exits 130, with every finding already on disk).
 */
final class SweepRun {
    private final ScenarioRunner runner;
    private final SweepConfig config;
    private final Path jsonl;
    private final Path junit;
    private final boolean stopAtFirst;
    private final long budgetMillis;
    private volatile String stoppedBecause;

    SweepRun(ScenarioRunner runner, SweepConfig config, Path jsonl, Path junit) {
        this(runner, config, jsonl, junit, false, 0);
    }

    /**
     * @param stopAtFirst start no further seed once one fails
     * @param budgetMillis start no further seed after this much wall-clock time; 0 for none
     */
    SweepRun(ScenarioRunner runner, SweepConfig config, Path jsonl, Path junit, boolean stopAtFirst, long budgetMillis) {
        this.runner = runner;
        this.config = config;
        this.jsonl = jsonl;
        this.junit = junit;
        this.stopAtFirst = stopAtFirst;
        this.budgetMillis = budgetMillis;
    }

    int execute() {
        if (junit != null) {
            JUnitReport.checkWritable(junit);
        }
        try (SweepOutputs outputs = new SweepOutputs(System.out, System.err, open(config.results()), open(jsonl))) {
            outputs.start(new SweepStart(config.scenario(), config.base(), config.count(), config.shardIndex(),
                    config.shardCount()));
            return sweep(outputs);
        }
    }

    private static ResultsLog open(Path path) {
        if (path == null) {
            return null;
        }
        try {
            return ResultsLog.open(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + path + ": " + e.getMessage(), e);
        }
    }

    @SuppressForbidden("Ctrl-C ends a sweep through a shutdown hook, which waits for the summary to be printed")
    private int sweep(SweepOutputs outputs) {
        Sweep sweep = new Sweep(runner);
        CountDownLatch summarized = new CountDownLatch(1);
        Thread onInterrupt = new Thread(() -> {
            sweep.requestStop();
            try {
                summarized.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "zksim-sweep-interrupt");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        Thread budget = budgetMillis > 0 ? startBudget(sweep) : null;
        try {
            ProgressBar bar = new ProgressBar(System.err);
            SweepResult result = sweep.run(config, bar::update, finding -> {
                outputs.finding(finding);
                if (stopAtFirst) {
                    stoppedBecause = "--stop-at-first: a seed failed";
                    sweep.finishEarly();
                }
            });
            bar.finish();
            return report(result, outputs);
        } finally {
            if (budget != null) {
                budget.interrupt();
            }
            summarized.countDown();
            removeHook(onInterrupt);
        }
    }

    private int report(SweepResult result, SweepOutputs outputs) {
        System.out.printf(Locale.ROOT, "%s: %s run, %d skipped, %s, %.1f seeds/s, %.0f simulated events/s, %.1f s%s%n",
                result.scenario(), Plural.of(result.seedsRun(), "seed"), result.skipped(),
                Plural.of(result.findings().size(), "failure"), result.seedsPerSecond(), result.eventsPerSecond(),
                result.wallMillis() / 1000.0, result.interrupted() ? " (INTERRUPTED: the summary so far)" : "");
        SweepSummary summary = new SweepSummary(config.scenario(), config.base(), config.count(), config.shardIndex(),
                config.shardCount(), result.seedsRun(), result.skipped(), result.findings().size(), result.events(),
                result.wallMillis(), result.interrupted(), declaredGoals(), result.goalsReached(), result.notRun());
        outputs.summary(summary);
        if (!result.goalsReached().isEmpty() || !result.goalsMissed().isEmpty()) {
            System.out.println("goals reached: " + (result.goalsReached().isEmpty() ? "none"
                    : String.join("; ", result.goalsReached())));
            System.out.println("goals never reached: " + (result.goalsMissed().isEmpty() ? "none"
                    : String.join("; ", result.goalsMissed())));
        }
        if (stoppedBecause != null) {
            System.out.println("stopped early (" + stoppedBecause + "): " + Plural.of(result.notRun(), "seed")
                    + " not run" + (stoppedBecause.startsWith("--stop-at-first") ? " after the first failure"
                    : ""));
        }
        result.firstFailure().ifPresent(first -> System.out.println("first failure: " + first.describe()));
        if (!result.findings().isEmpty() && config.results() != null && outputs.allWritten()) {
            System.out.println("failing seeds written to " + config.results());
        } else if (!outputs.allWritten()) {
            System.out.println("some findings could not be written to the results files: they are printed above");
        }
        if (junit != null) {
            JUnitReport.write(junit, List.of(summary), List.copyOf(result.findings().values()));
        }
        if (result.seedsRun() == 0 && result.skipped() > 0 && !result.interrupted()) {
            System.err.println("zksim: every seed was skipped: the fault plan names processes none of these seeds created");
            return Main.BAD_INPUT;
        }
        return result.exitCode();
    }

    private List<String> declaredGoals() {
        return runner.catalog().find(config.scenario()).goals().stream().map(Goal::name).toList();
    }

    /** A timer that ends the sweep early once its wall-clock budget is spent (--for). */
    @SuppressForbidden("a sweep's time budget is wall-clock time by definition; it only decides when to stop starting seeds")
    private Thread startBudget(Sweep sweep) {
        Thread timer = new Thread(() -> {
            try {
                Thread.sleep(budgetMillis);
                stoppedBecause = "--for: the time budget is spent";
                sweep.finishEarly();
            } catch (InterruptedException e) {
                // The sweep ended before its budget: nothing to stop.
            }
        }, "zksim-sweep-budget");
        timer.setDaemon(true);
        timer.start();
        return timer;
    }

    @SuppressForbidden("removes the sweep's Ctrl-C hook once the sweep is over")
    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down (Ctrl-C): the hook is running and must stay.
        }
    }
}

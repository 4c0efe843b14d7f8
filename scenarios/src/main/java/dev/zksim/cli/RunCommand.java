package dev.zksim.cli;

import dev.zksim.catalog.Catalog;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.nemesis.FaultPlan;
import dev.zksim.property.PropertyCheck;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.sweep.ScalingSweep;
import dev.zksim.sweep.Sweep;
import dev.zksim.sweep.SweepConfig;
import dev.zksim.sweep.SweepResult;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zksim run SCENARIO}: one seed in detail (knobs first, then the outcome and the
 * reproduce line), or a sweep over many seeds in parallel with a progress bar.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run a scenario for one seed (--seed) or sweep many (--seeds), printing knobs, outcome and reproduce lines.")
final class RunCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario id (see ./zksim list).")
    private String scenario;

    @Option(names = "--seed", converter = SeedConverter.class, description = "Run this one seed.")
    private Long seed;

    @Option(names = "--seeds", description = "Sweep this many seeds, starting at --base.")
    private Integer seeds;

    @Option(names = "--base", converter = SeedConverter.class, defaultValue = "0", description = "First seed of a sweep (default 0).")
    private long base;

    @Option(names = "--shard", converter = ShardConverter.class, description = "Run only shard i of n (i/n, 0-based).")
    private int[] shard = {0, 1};

    @Option(names = "--threads", description = "Worker threads of a sweep (default: the number of cores).")
    private Integer threads;

    @Option(names = "--faults", description = "A fixed fault plan, e.g. \"at 1.2s crash leader; at 5s heal\".")
    private String faults;

    @Option(names = "--results", defaultValue = "results/failures.txt", description = "Where a sweep appends failing seeds.")
    private Path results;

    @Option(names = "--scaling", description = "Run the sweep on 1 thread, then on 2, and report seeds/s of each and the speedup.")
    private boolean scaling;

    @Override
    public Integer call() {
        ScenarioRunner runner = new ScenarioRunner(Catalog.standard());
        Catalog.standard().find(scenario);
        FaultPlan plan = faults == null ? null : FaultPlan.parse(faults);
        if (seeds == null) {
            return runOne(runner, RunSpec.of(scenario, seed == null ? 0 : seed).withPlan(plan));
        }
        if (seed != null) {
            throw new IllegalArgumentException("give either --seed or --seeds, not both");
        }
        SweepConfig config = new SweepConfig(scenario, base, seeds, shard[0], shard[1], threads == null ? cores() : threads,
                plan, results, true);
        return scaling ? scalingSweep(runner, config) : sweep(runner, config);
    }

    private static int runOne(ScenarioRunner runner, RunSpec spec) {
        RunOutcome outcome = runner.run(spec);
        System.out.println("scenario: " + spec.scenario());
        System.out.println("seed: " + spec.seed());
        outcome.knobs().forEach(knob -> System.out.println("knob " + knob));
        System.out.println("fault plan: " + outcome.plan());
        System.out.println("events: " + outcome.events());
        System.out.println("digest: " + outcome.digest());
        if (!outcome.failed()) {
            System.out.println("result: passed");
            return 0;
        }
        PropertyCheck.Counterexample counterexample = new PropertyCheck(runner).counterexample(outcome, true);
        System.out.println("result: FAILED " + counterexample.describe());
        return counterexample.kind().exitCode();
    }

    static int sweep(ScenarioRunner runner, SweepConfig config) {
        ProgressBar bar = new ProgressBar(System.err);
        SweepResult result = new Sweep(runner).run(config, bar::update);
        bar.finish();
        System.out.printf(Locale.ROOT, "%s: %d seeds, %d failures, %.1f seeds/s, %.0f simulated events/s, %.1f s%n",
                result.scenario(), result.seedsRun(), result.failures().size(), result.seedsPerSecond(),
                result.eventsPerSecond(), result.wallMillis() / 1000.0);
        result.firstFailure().ifPresent(first -> {
            System.out.println("first failure: " + first.describe());
            System.out.println("failing seeds written to " + config.results());
        });
        return result.exitCode();
    }

    private static int scalingSweep(ScenarioRunner runner, SweepConfig config) {
        ProgressBar bar = new ProgressBar(System.err);
        ScalingSweep.Scaling scaling = new ScalingSweep(new Sweep(runner)).run(config, bar::update);
        bar.finish();
        System.out.println(scaling.describe());
        return scaling.sameDigests() ? scaling.twoThreads().exitCode() : FailureKind.NONDETERMINISM.exitCode();
    }

    @SuppressForbidden("the default worker count follows the machine, outside any simulation")
    private static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }
}

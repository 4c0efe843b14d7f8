package dev.zksim.cli;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultPlan;
import dev.zksim.property.PropertyCheck;
import dev.zksim.scenario.Goal;
import dev.zksim.property.ReproLine;
import dev.zksim.scenario.ProcessProbe;
import dev.zksim.scenario.RunLimits;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.RunawayRun;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.scenario.SeedSkipped;
import dev.zksim.sweep.ScalingSweep;
import dev.zksim.sweep.Sweep;
import dev.zksim.sweep.SweepConfig;
import dev.zksim.sweep.WallClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zksim run SCENARIO}: one seed in detail (knobs first, then the outcome and the
 * reproduce line), or a sweep over many seeds in parallel with a progress bar. Every input
 * is checked, and every output path opened, before the first run starts.
 */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Run a scenario for one seed (--seed) or sweep many (--seeds from --seed), printing knobs, outcome"
                + " and reproduce lines.")
final class RunCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario id (see ./zksim list).")
    private String scenario;

    @Option(names = "--bug", paramLabel = "ZOOKEEPER-NNNN",
            description = "Re-introduce this known ZooKeeper bug in every server (repeatable; see ./zksim known-bugs --list).")
    private List<String> bugs = new ArrayList<>();

    @Option(names = "--seed", converter = SeedConverter.class,
            description = "The seed to run; with --seeds, the first seed of the sweep (default 0).")
    private Long seed;

    @Option(names = "--base", converter = SeedConverter.class, hidden = true,
            description = "Deprecated alias of --seed for the first seed of a sweep.")
    private Long base;

    @Option(names = "--seeds", description = "Sweep this many seeds, starting at --seed.")
    private Integer seeds;

    @Option(names = "--shard", converter = ShardConverter.class, paramLabel = "i/n",
            description = "Run only shard i of n (1 <= i <= n) of the sweep; see ./zksim merge.")
    private Shard shard = Shard.ALL;

    @Option(names = "--threads", description = "Worker threads of a sweep (default: the number of cores; 1 with"
            + " the zksim agent, whose simulations contend on the JDK's shared structures).")
    private Integer threads;

    @Option(names = "--faults", description = "A fixed fault plan, e.g. \"at 1.2s crash leader; at 5s heal\".")
    private String faults;

    @Option(names = "--results", paramLabel = "FILE", defaultValue = "results/failures.txt",
            description = "Where a sweep appends failing seeds, one line each (default results/failures.txt).")
    private Path results;

    @Option(names = "--jsonl", paramLabel = "FILE",
            description = "Also append findings and the sweep's summary here as JSON lines (for ./zksim merge).")
    private Path jsonl;

    @Option(names = "--junit", paramLabel = "FILE", description = "Write a JUnit XML report of the sweep here.")
    private Path junit;

    @Option(names = "--stop-at-first", description = "Start no further seed once one fails (the failure is still shrunk).")
    private boolean stopAtFirst;

    @Option(names = "--for", paramLabel = "DURATION",
            description = "Start no further seed after this much wall-clock time, e.g. 60s or 10m.")
    private String budget;

    @Option(names = "--no-shrink", description = "Do not shrink the first failure of a sweep (shards in CI).")
    private boolean noShrink;

    @Option(names = "--max-events", paramLabel = "N", description = "Cut a run after this many events (default 20000000).")
    private long maxEvents = RunLimits.DEFAULT_MAX_EVENTS;

    @Option(names = "--max-sim-time", paramLabel = "DURATION",
            description = "Cut a run at this simulated time, e.g. 30m (default 60m).")
    private String maxSimTime;

    @Option(names = "--max-wall", paramLabel = "SECONDS",
            description = "Cut a run after this many seconds of wall-clock time (default 300).")
    private long maxWallSeconds = SweepConfig.DEFAULT_WALL_LIMIT_MILLIS / 1000;

    @Option(names = "--scaling", description = "Run the sweep on 1 thread, then on 2, and report seeds/s of each and the speedup.")
    private boolean scaling;

    @Override
    public Integer call() {
        scenario = KnownBugOption.scenarioWith(scenario, bugs);
        RunLimits limits = limits();
        ScenarioRunner runner = new ScenarioRunner(UserClasspath.catalog(), limits);
        UserClasspath.catalog().find(scenario);
        FaultPlan plan = faults == null ? null : checkedPlan(FaultPlan.parse(faults), limits);
        if (seed != null && base != null) {
            throw new IllegalArgumentException("give the first seed once: --seed (--base is its old name)");
        }
        long first = seed != null ? seed : base != null ? base : 0;
        if (seeds == null) {
            if (!shard.equals(Shard.ALL) || jsonl != null || junit != null) {
                throw new IllegalArgumentException("--shard, --jsonl and --junit apply to sweeps: add --seeds N");
            }
            return runOne(runner, RunSpec.of(scenario, first).withPlan(plan));
        }
        if (seeds <= 0) {
            throw new IllegalArgumentException("--seeds must be at least 1, not " + seeds);
        }
        int workers = threads == null ? cores() : threads;
        if (workers < 1 || workers > 1024) {
            throw new IllegalArgumentException("--threads must be 1 to 1024, not " + workers);
        }
        SweepConfig config = new SweepConfig(scenario, first, seeds, shard.index(), shard.count(), workers, plan, results,
                !noShrink, Math.multiplyExact(maxWallSeconds, 1000L));
        return scaling ? scalingSweep(runner, config)
                : new SweepRun(runner, config, jsonl, junit, stopAtFirst, budgetMillis()).execute();
    }

    /** The --for budget in milliseconds, 0 without one. */
    private long budgetMillis() {
        if (budget == null) {
            return 0;
        }
        long micros;
        try {
            micros = Time.parse(budget);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("--for '" + budget + "' is too large");
        }
        if (micros <= 0) {
            throw new IllegalArgumentException("--for must be a positive duration such as 60s, not '" + budget + "'");
        }
        return Math.max(1, micros / 1000);
    }

    private RunLimits limits() {
        if (maxEvents <= 0 || maxWallSeconds <= 0 || maxWallSeconds > 1_000_000) {
            throw new IllegalArgumentException("--max-events must be positive and --max-wall 1 to 1000000 seconds");
        }
        long simulated = RunLimits.DEFAULT_MAX_SIMULATED_TIME;
        if (maxSimTime != null) {
            try {
                simulated = Time.parse(maxSimTime);
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("--max-sim-time '" + maxSimTime + "' is too large");
            }
            if (simulated <= 0) {
                throw new IllegalArgumentException("--max-sim-time must be positive");
            }
        }
        return new RunLimits(maxEvents, simulated, () -> false);
    }

    /**
     * A fixed plan is checked against what the scenario can be: its steps within the
     * simulated-time bound and not contradicting each other, and every process it names one
     * that some knob setting creates (a seed whose knobs did not create it is then skipped).
     */
    private FaultPlan checkedPlan(FaultPlan plan, RunLimits limits) {
        plan.validateSteps(limits.maxSimulatedTime());
        List<String> possible = ProcessProbe.possibleProcesses(UserClasspath.catalog(), scenario);
        if (possible.isEmpty()) {
            return plan; // Nothing could be probed: each seed still checks its own processes and skips.
        }
        List<String> impossible = plan.missingProcesses(possible.stream().filter(id -> id.startsWith("s")).toList(),
                possible.stream().filter(id -> id.startsWith("c")).toList());
        if (!impossible.isEmpty()) {
            throw new IllegalArgumentException("the fault plan names " + String.join(", ", impossible) + ", which no run of "
                    + scenario + " has (its runs have some of " + String.join(",", possible) + ")");
        }
        return plan;
    }

    private int runOne(ScenarioRunner runner, RunSpec spec) {
        ScenarioRunner bounded = runner.withLimits(WallClock.cancellable(runner.limits()));
        RunOutcome outcome;
        try {
            outcome = WallClock.call(() -> bounded.run(spec), maxWallSeconds * 1000, () -> new RunawayRun(spec,
                    "still running past the wall-clock bound of " + maxWallSeconds + " s; abandoned", 0, 0, "-"));
        } catch (SeedSkipped skipped) {
            System.out.println("scenario: " + spec.scenario());
            System.out.println("seed: " + spec.seed());
            System.out.println("result: SKIPPED " + skipped.getMessage());
            return 0;
        } catch (RunawayRun runaway) {
            System.out.println("result: RUNAWAY " + runaway.getMessage());
            System.out.println("reproduce: ./zksim replay " + (runaway.digest().equals("-") ? ReproLine.withoutDigest(spec)
                    : new ReproLine(spec, runaway.digest())));
            return dev.zksim.sweep.Verdict.RUNAWAY.exitCode();
        }
        System.out.println("scenario: " + spec.scenario());
        System.out.println("seed: " + spec.seed());
        outcome.knobs().forEach(knob -> System.out.println("knob " + knob));
        System.out.println("fault plan: " + outcome.plan());
        // A run ends once it is idle for good, often long before its scheduled end: say when.
        System.out.println("events: " + outcome.events() + " in " + Time.formatShort(outcome.simulatedTime()) + " simulated");
        System.out.println("digest: " + outcome.digest());
        printGoals(runner.catalog().find(spec.scenario()).goals(), outcome.goalsReached());
        if (!outcome.failed()) {
            System.out.println("result: passed");
            return 0;
        }
        PropertyCheck.Counterexample counterexample = new PropertyCheck(runner).counterexample(outcome, true);
        System.out.println("result: FAILED " + counterexample.describe());
        return counterexample.kind().exitCode();
    }

    /** The scenario's goals ("sometimes" assertions) this run reached and did not reach. */
    private static void printGoals(List<Goal> goals, List<String> reached) {
        System.out.println("goals reached: " + (reached.isEmpty() ? "none" : String.join("; ", reached)));
        List<String> missed = goals.stream().map(Goal::name).filter(name -> !reached.contains(name)).toList();
        System.out.println("goals not reached: " + (missed.isEmpty() ? "none" : String.join("; ", missed)));
    }

    private static int scalingSweep(ScenarioRunner runner, SweepConfig config) {
        ProgressBar bar = new ProgressBar(System.err);
        ScalingSweep.Scaling scaling = new ScalingSweep(new Sweep(runner)).run(config, bar::update);
        bar.finish();
        System.out.println(scaling.describe());
        return scaling.sameDigests() ? scaling.twoThreads().exitCode() : FailureKind.NONDETERMINISM.exitCode();
    }

    /**
     * The default worker count: the machine's cores, or one when the zksim agent is loaded.
     * Simulations of code under the agent share the JDK's own registries and class
     * initialisation with each other, where one can hold up another for seconds; one at a time
     * per JVM keeps every run the same (use --shard for more JVMs).
     */
    @SuppressForbidden("the default worker count follows the machine, outside any simulation")
    private static int cores() {
        return Boolean.getBoolean("zksim.agent.loaded") ? 1 : Runtime.getRuntime().availableProcessors();
    }
}

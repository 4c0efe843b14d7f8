package dev.zksim.property;

import dev.zksim.kernel.Plural;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.trace.DeterminismCheck;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.scenario.RunawayRun;
import dev.zksim.sweep.WallClock;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;

/**
 * Checks a scenario over a range of seeds: each seed runs twice (the determinism check) and
 * must pass; the first failing seed is shrunk and reported with the line that reproduces
 * the minimal case. This is the engine behind property test methods and sweeps.
 */
public final class PropertyCheck {
    /** Runs the shrinker may spend on one failure by default. */
    public static final int SHRINK_BUDGET = ShrinkBudget.DEFAULT.runs();

    private final ScenarioRunner runner;
    private final int determinismEvery;
    private final long budgetNanos;
    private final LongSupplier wallNanos;
    private final int threads;
    private final ShrinkBudget shrinkBudget;
    /** The wall-clock bound of one seed's check, in milliseconds; 0 for none. */
    private final long seedWallMillis;
    /** Told of every seed's outcome (for report entries); may be called from several threads at once. */
    private final Consumer<RunOutcome> observer;

    /** Checks every seed for determinism, with no time budget. */
    public PropertyCheck(ScenarioRunner runner) {
        this(runner, 1, 0, () -> 0L);
    }

    /** Checks seeds one after another; see {@link #PropertyCheck(ScenarioRunner, int, long, LongSupplier, int)}. */
    public PropertyCheck(ScenarioRunner runner, int determinismEvery, long budgetSeconds, LongSupplier wallNanos) {
        this(runner, determinismEvery, budgetSeconds, wallNanos, 1);
    }

    /**
     * @param determinismEvery every k-th seed runs twice; the others once, which halves the cost
     *     of long sweeps while still sampling determinism throughout
     * @param budgetSeconds no new seed starts after this much wall time (0: no budget)
     * @param wallNanos the wall clock the budget is measured on
     * @param threads seeds checked at once, each simulation on its own thread (0: one per core);
     *     the counterexample is the same as one thread finds, that of the lowest failing seed
     */
    public PropertyCheck(ScenarioRunner runner, int determinismEvery, long budgetSeconds, LongSupplier wallNanos,
                         int threads) {
        if (determinismEvery < 1 || budgetSeconds < 0) {
            throw new IllegalArgumentException("determinismEvery must be >= 1 and the budget >= 0");
        }
        this.runner = runner;
        this.determinismEvery = determinismEvery;
        this.budgetNanos = budgetSeconds * 1_000_000_000L;
        this.wallNanos = wallNanos;
        this.threads = ParallelSeeds.resolve(threads);
        this.shrinkBudget = ShrinkBudget.DEFAULT;
        this.seedWallMillis = 0;
        this.observer = outcome -> { };
    }

    private PropertyCheck(PropertyCheck other, ShrinkBudget shrinkBudget, long seedWallMillis, Consumer<RunOutcome> observer) {
        // A runner whose runs stop when the wall-clock watchdog of their thread says so; runs on
        // threads without a watchdog (the shrinker's) are never cancelled.
        this.runner = seedWallMillis > 0 ? other.runner.withLimits(WallClock.cancellable(other.runner.limits())) : other.runner;
        this.determinismEvery = other.determinismEvery;
        this.budgetNanos = other.budgetNanos;
        this.wallNanos = other.wallNanos;
        this.threads = other.threads;
        this.shrinkBudget = shrinkBudget;
        this.seedWallMillis = seedWallMillis;
        this.observer = observer;
    }

    /**
     * The same check, shrinking each failure within {@code budget}; a time budget is measured
     * on this check's wall clock, which must then be a real one.
     */
    public PropertyCheck shrinkingWithin(ShrinkBudget budget) {
        return new PropertyCheck(this, budget, seedWallMillis, observer);
    }

    /**
     * The same check with each seed bounded by {@code millis} of wall-clock time (0 for no
     * bound), as the command line bounds a sweep's runs ({@code --max-wall}): a seed past it is
     * cut and reported as a {@link RunawayRun} with its spec.
     */
    public PropertyCheck boundingEachSeed(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("a seed's wall-clock bound must be >= 0, not " + millis);
        }
        return new PropertyCheck(this, shrinkBudget, millis, observer);
    }

    /** The same check, telling {@code observer} of every seed's outcome (from several threads when seeds run at once). */
    public PropertyCheck observing(Consumer<RunOutcome> seeds) {
        return new PropertyCheck(this, shrinkBudget, seedWallMillis, seeds);
    }

    /** A failure found by a property check: the original run, the shrunk one and its line. */
    public record Counterexample(RunOutcome original, RunOutcome minimal, ReproLine line, int shrinkRuns) {
        public FailureKind kind() {
            return minimal.failureKind().orElseThrow();
        }

        /** A report for people: the failure, the minimal fault plan, the knobs and the line. */
        public String describe() {
            return summary() + "\n  reproduce: " + ReplayCommand.of(line.toString());
        }

        /** {@link #describe} without its reproduce line. */
        private String summary() {
            return minimal.failure().map(SimulationFailure::getMessage).orElse("?")
                    + "\n  scenario: " + minimal.spec().scenario() + ", seed " + minimal.spec().seed()
                    + "\n  shrunk from " + Shrinker.size(original) + " to " + Shrinker.size(minimal) + " in " + Plural.of(shrinkRuns, "run")
                    + "\n  knobs: " + String.join("; ", minimal.knobs())
                    + "\n  fault plan: " + minimal.plan();
        }

        /** The line that reproduces the original failing run, before shrinking. */
        public ReproLine originalLine() {
            return new ReproLine(original.spec(), original.digest());
        }

        /**
         * A property's failure message: the shrunk case first, its reproduce line on the very first
         * line, then the original failing run with its own line.
         */
        public String report() {
            return "reproduce: " + ReplayCommand.of(line.toString())
                    + "\n" + summary()
                    + "\noriginal failure, before shrinking:"
                    + "\n  " + original.failure().map(SimulationFailure::getMessage).orElse("?")
                    + "\n  fault plan: " + original.plan()
                    + "\n  reproduce: " + ReplayCommand.of(originalLine().toString());
        }
    }

    /**
     * Runs seeds [base, base + count), or fewer if the time budget runs out first; the first
     * counterexample, shrunk, or empty.
     */
    public Optional<Counterexample> check(String scenario, long base, int count, boolean shrink) {
        long started = wallNanos.getAsLong();
        IntPredicate mayStart = index -> budgetNanos == 0 || wallNanos.getAsLong() - started < budgetNanos;
        IntFunction<RunOutcome> checkSeed = index -> checkSeed(RunSpec.of(scenario, base + index), index);
        Optional<RunOutcome> failing = threads == 1 ? firstFailingInOrder(count, mayStart, checkSeed)
                : ParallelSeeds.firstFailing(count, threads, mayStart, checkSeed);
        return failing.map(outcome -> counterexample(outcome, shrink));
    }

    private static Optional<RunOutcome> firstFailingInOrder(int count, IntPredicate mayStart, IntFunction<RunOutcome> checkSeed) {
        for (int index = 0; index < count && mayStart.test(index); index++) {
            RunOutcome outcome = checkSeed.apply(index);
            if (outcome.failed()) {
                return Optional.of(outcome);
            }
        }
        return Optional.empty();
    }

    /** The {@code index}-th seed of a check: twice if its turn for the determinism check, else once. */
    private RunOutcome checkSeed(RunSpec spec, int index) {
        // Seeds not checked for determinism run without the digest, which only a
        // counterexample's line needs.
        Supplier<RunOutcome> check = () -> index % determinismEvery == 0 ? runTwice(spec) : runner.runDigestingFailures(spec);
        RunOutcome outcome = seedWallMillis == 0 ? check.get() : WallClock.call(check, seedWallMillis, () -> new RunawayRun(
                spec, "still running past the wall-clock bound of " + seedWallMillis + " ms; abandoned", 0, 0, "-"));
        observer.accept(outcome);
        return outcome;
    }

    /**
     * Runs a spec twice and compares digests; a mismatch becomes a NONDETERMINISM failure
     * naming the first diverging trace line.
     */
    public RunOutcome runTwice(RunSpec spec) {
        RunOutcome[] first = new RunOutcome[1];
        try {
            DeterminismCheck.verify(sink -> {
                RunOutcome outcome = runner.run(spec, sink);
                if (first[0] == null) {
                    first[0] = outcome;
                }
                return outcome.digest();
            });
            return first[0];
        } catch (SimulationFailure nondeterminism) {
            RunOutcome outcome = first[0];
            return new RunOutcome(outcome.spec(), Optional.of(nondeterminism), outcome.plan(), outcome.choices(),
                    outcome.knobs(), outcome.digest(), outcome.events(), outcome.simulatedTime(), outcome.history(),
                    outcome.goalsReached());
        }
    }

    /** Shrinks a failing outcome (unless told not to, or the failure is nondeterminism). */
    public Counterexample counterexample(RunOutcome failing, boolean shrink) {
        boolean shrinkable = shrink && failing.failureKind().orElseThrow() != FailureKind.NONDETERMINISM;
        Shrinker shrinker = new Shrinker(runner, shrinkBudget, wallNanos);
        RunOutcome minimal = shrinkable ? shrinker.shrink(failing) : failing;
        RunSpec exact = minimal == failing && !shrinkable ? failing.spec() : minimal.spec();
        return new Counterexample(failing, minimal, new ReproLine(exact, minimal.digest()), shrinkable ? shrinker.runs() : 0);
    }
}

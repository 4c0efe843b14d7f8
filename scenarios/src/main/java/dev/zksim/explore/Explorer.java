package dev.zksim.explore;

import dev.zksim.kernel.choice.SmallScope;
import dev.zksim.kernel.choice.SplitMix64;
import dev.zksim.property.PropertyCheck;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Explores a scenario's choice stream with one strategy and reports what it covered and
 * what it found. The entry point for the command line ({@code ./zksim explore}) and for
 * tests, a user's JUnit tests of their own scenarios included:
 * <pre>{@code
 * ExploreReport report = Explorer.builder(catalog, "my-lock")
 *         .strategy(Explorer.Strategy.DFS).deviations(1).faults(1).check(); // fails with a reproduce line
 * assertTrue(report.complete());
 * PropertyCheck.Counterexample found = Explorer.builder(catalog, "my-broken-lock").expectFailure();
 * }</pre>
 * Every strategy runs the scenario from scratch per run in the small scope (knobs fixed at
 * their smallest but those the scenario names in {@link Scenario#smallScopeKnobs()}, delays
 * in a few ordered buckets, at most K faults at instants where a message was delivered);
 * only where the draws come from differs.
 */
public final class Explorer {

    /** Where the draws of each run come from. */
    public enum Strategy {
        /** Depth-first over choice prefixes, expanding each abstract state once. */
        DFS,
        /** PCT: random link priorities with d - 1 priority-change points per run. */
        PCT,
        /** Uniform random choices within the small scope. */
        RANDOM,
        /** Mutations of a corpus of choice vectors, kept when they reach something new. */
        COVERAGE;

        /** The name the command line uses. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Builder settings;
    private final Scenario scenario;

    private Explorer(Builder settings) {
        this.settings = settings;
        this.scenario = settings.catalog.find(settings.scenario);
    }

    /** Explores the scenario with this id from the catalogue (the one its reproduce lines name). */
    public static Builder builder(ScenarioCatalog catalog, String scenario) {
        return new Builder(catalog, scenario);
    }

    /**
     * Explores a scenario of one's own, as a JUnit test of a user's recipe would: the report's
     * violation carries the run spec to hand to a {@code ScenarioRunner} over a catalogue that
     * holds the same scenario.
     */
    public static Builder builder(Scenario scenario) {
        return new Builder(new ScenarioCatalog().add(scenario), scenario.id());
    }

    /** The settings of an exploration; every one has a default. */
    public static final class Builder {
        private final ScenarioCatalog catalog;
        private final String scenario;
        private Strategy strategy = Strategy.DFS;
        private long runs = -1;
        private long budgetNanos;
        private int depth = Integer.MAX_VALUE;
        private int deviations = 1;
        private boolean deepen;
        private int faults = 1;
        private int buckets = 2;
        private long seed;
        private int pctDepth = 3;
        private LongSupplier clock = Stopwatch::nanos;

        private Builder(ScenarioCatalog catalog, String scenario) {
            this.catalog = catalog;
            this.scenario = scenario;
        }

        public Builder strategy(Strategy value) {
            this.strategy = value;
            return this;
        }

        /** At most this many runs (default: unlimited for dfs or with a time budget, else 1,000). */
        public Builder runs(long value) {
            this.runs = positive(value, "runs");
            return this;
        }

        /** At most this much wall time, in nanoseconds (default: no limit). */
        public Builder budgetNanos(long value) {
            this.budgetNanos = positive(value, "time budget");
            return this;
        }

        /** DFS: only the first N choice points of a run branch (default: all); beyond, draws are 0. */
        public Builder depth(int value) {
            this.depth = (int) positive(value, "depth");
            return this;
        }

        /**
         * DFS: at most this many choices of a run differ from the default (shortest delay, no
         * fault); default 1. A fault strikes only by a deviation; its kind and target are free.
         */
        public Builder deviations(int value) {
            if (value < 0) {
                throw new IllegalArgumentException("--deviations must be 0 or more, not " + value);
            }
            this.deviations = value;
            return this;
        }

        /**
         * DFS: search with 1 deviation, then 2, and so on up to {@link #deviations(int)}, each
         * bound exhausted before the next starts (default: the given bound at once). The
         * shallowest counterexample comes first, and a bug one deviation reaches is not missed
         * because the budget went deep into a larger bound; the runs budget covers every bound.
         */
        public Builder deepen(boolean value) {
            this.deepen = value;
            return this;
        }

        /** At most this many faults per run (default 1; 0 for none; never more than the scenario allows). */
        public Builder faults(int value) {
            if (value < 0) {
                throw new IllegalArgumentException("--faults must be 0 or more, not " + value);
            }
            this.faults = value;
            return this;
        }

        /** Delay (and other duration) buckets per draw (default 2). */
        public Builder buckets(int value) {
            this.buckets = (int) positive(value, "buckets");
            return this;
        }

        /** The seed of the random, pct and coverage strategies (default 0). */
        public Builder seed(long value) {
            this.seed = value;
            return this;
        }

        /** PCT's d (default 3): d - 1 priority-change points per run. */
        public Builder pctDepth(int value) {
            this.pctDepth = (int) positive(value, "pct depth");
            return this;
        }

        /** The wall clock in nanoseconds (default System.nanoTime), for throughput and the time budget. */
        public Builder clock(LongSupplier value) {
            this.clock = value;
            return this;
        }

        public ExploreReport explore() {
            return new Explorer(this).run();
        }

        /**
         * Explores and fails like a property test when a violation is found: the
         * AssertionError carries the shrunk counterexample with its reproduce line, the same
         * line {@code ./zksim replay} takes. Returns the report of a clean exploration (whose
         * {@link ExploreReport#complete()} says whether the space was exhausted).
         */
        public ExploreReport check() {
            ExploreReport report = explore();
            if (report.violation().isPresent()) {
                throw new AssertionError("exploring '" + scenario + "' (" + strategy.word() + ") found a violation:\n"
                        + counterexampleOf(report).describe());
            }
            return report;
        }

        /**
         * Explores a scenario that must fail (a canary, a recipe known to be broken) and returns
         * its shrunk counterexample; an AssertionError if the exploration found nothing, since
         * then either the search or the checkers have gone blind.
         */
        public PropertyCheck.Counterexample expectFailure() {
            ExploreReport report = explore();
            if (report.violation().isEmpty()) {
                throw new AssertionError("exploring '" + scenario + "' (" + strategy.word() + ") found no violation: "
                        + report.summary());
            }
            return counterexampleOf(report);
        }

        private PropertyCheck.Counterexample counterexampleOf(ExploreReport report) {
            return counterexample(catalog, report.violation().orElseThrow(), true).orElseThrow(() -> new AssertionError(
                    "the explored violation of '" + scenario + "' did not replay as a plain run: " + report.summary()));
        }

        private static long positive(long value, String what) {
            if (value <= 0) {
                throw new IllegalArgumentException(what + " must be positive, not " + value);
            }
            return value;
        }
    }

    /**
     * The violation as an ordinary failing run: replayed by a scenario runner over the
     * catalogue, shrunk if asked, with the reproduce line {@code ./zksim replay} takes. Empty
     * if the replayed run does not fail (which would be a bug of the explorer).
     */
    public static Optional<PropertyCheck.Counterexample> counterexample(ScenarioCatalog catalog,
                                                                        ExploreReport.Violation violation, boolean shrink) {
        ScenarioRunner runner = new ScenarioRunner(catalog);
        RunOutcome outcome = runner.run(violation.spec());
        if (!outcome.failed()) {
            return Optional.empty();
        }
        return Optional.of(new PropertyCheck(runner).counterexample(outcome, shrink));
    }

    private ExploreReport run() {
        ExploreScope scope = new ExploreScope(new SmallScope(settings.buckets, SmallScope.DEFAULT.fixed()),
                scenario.smallScopeKnobs());
        Progress progress = new Progress(settings.clock);
        boolean complete = switch (settings.strategy) {
            case DFS -> dfs(scope, progress);
            case PCT, RANDOM -> sampled(scope, progress);
            case COVERAGE -> new CoverageSearch(scenario, scope, settings.faults, settings.seed).run(progress, this::budgetLeft);
        };
        List<String> reached = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        for (Goal goal : scenario.goals()) {
            (progress.goals.contains(goal.name()) ? reached : missed).add(goal.name());
        }
        return new ExploreReport(scenario.id(), settings.strategy, bounds(scope, progress.deviations), progress.runs, progress.transitions,
                progress.states.size(), progress.deepest, complete, progress.truncated, reached, missed, progress.samples,
                progress.violation, progress.elapsed(), progress.deviations, scopeNotes(missed, progress.violation.isPresent()));
    }

    /**
     * What this exploration could not reach, in plain sentences: the scenario's own judgement of
     * its small scope, made before any run, then, when nothing was found, the goals never
     * reached, so that a clean exploration never ends without a word on what it missed.
     */
    private List<String> scopeNotes(List<String> missed, boolean found) {
        List<String> notes = new ArrayList<>(scenario.unreachableInSmallScope(settings.faults));
        if (found) {
            return notes;
        }
        if (scenario.goals().isEmpty()) {
            notes.add("the scenario declares no goals, so nothing says what this exploration exercised.");
        } else if (!missed.isEmpty()) {
            notes.add("goals never reached within these bounds: " + missed.size() + " of " + scenario.goals().size()
                    + "; more faults, deviations or budget, or other knobs, may reach them.");
        }
        return notes;
    }

    private String bounds(ExploreScope scope, int searchedDeviations) {
        String common = settings.buckets + " delay buckets, at most " + settings.faults + " fault"
                + (settings.faults == 1 ? "" : "s") + ", " + scope.knobWords();
        return switch (settings.strategy) {
            case DFS -> "at most " + settings.deviations + " deviation" + (settings.deviations == 1 ? "" : "s")
                    + " from the default choices" + (settings.deepen ? " (deepened one at a time, searched up to "
                    + searchedDeviations + ")" : "") + ", " + (settings.depth == Integer.MAX_VALUE ? "any depth"
                    : "depth " + settings.depth) + ", " + common;
            case PCT -> "pct d=" + settings.pctDepth + ", seed " + settings.seed + ", " + common;
            case RANDOM, COVERAGE -> "seed " + settings.seed + ", " + common;
        };
    }

    /** Depth-first search, deepening if asked; returns whether it exhausted the space within the bounds. */
    private boolean dfs(ExploreScope scope, Progress progress) {
        int bound = settings.deepen ? Math.min(1, settings.deviations) : settings.deviations;
        while (true) {
            progress.deviations = bound;
            boolean complete = dfsWithin(scope, progress, bound);
            if (!complete || bound >= settings.deviations) {
                return complete;
            }
            bound++;
        }
    }

    /** Depth-first search within one deviation bound; returns whether it exhausted that space. */
    private boolean dfsWithin(ExploreScope scope, Progress progress, int deviations) {
        DfsGuide guide = new DfsGuide(scope, settings.depth, deviations);
        // What a larger bound expands again: a state reached with k deviations spent has more left.
        StateTable expanded = new StateTable();
        do {
            ExploreRun.Result result = ExploreRun.executeOfferingOncePerInstant(scenario, guide, settings.faults, run -> {
                progress.deepest = Math.max(progress.deepest, guide.level());
                if (!guide.fresh()) {
                    return true;
                }
                progress.transitions++;
                run.checkInvariants();
                // A state is identified with the same state reached with as many deviations
                // spent (the same budget left). Under a depth bound it is also re-expanded when
                // reached at a shallower level, which has more of the depth left.
                long digest = run.stateDigest();
                progress.states.visit(digest, 0);
                long key = SplitMix64.mix(digest ^ guide.deviations() * 0x9E3779B97F4A7C15L);
                return expanded.visit(key, settings.depth == Integer.MAX_VALUE ? 0 : guide.level());
            });
            progress.truncated += guide.truncated() ? 1 : 0;
            if (progress.finish(result)) {
                return false;
            }
            if (!budgetLeft(progress)) {
                return !guide.advance();
            }
        } while (guide.advance());
        return true;
    }

    /** Random or PCT runs until the budget is spent; never "complete". */
    private boolean sampled(ExploreScope scope, Progress progress) {
        long expectedDelays = 64;
        while (budgetLeft(progress)) {
            long runSeed = SplitMix64.mix(settings.seed * 0x9E3779B97F4A7C15L + progress.runs);
            PctGuide pct = settings.strategy == Strategy.PCT ? new PctGuide(scope, runSeed, settings.pctDepth, expectedDelays)
                    : null;
            ExploreRun.Result result = ExploreRun.execute(scenario, pct != null ? pct : new RandomGuide(scope, runSeed),
                    settings.faults, progress::observeEveryState);
            if (pct != null) {
                expectedDelays = Math.max(expectedDelays, pct.delayDraws());
            }
            if (progress.finish(result)) {
                return false;
            }
        }
        return false;
    }

    private boolean budgetLeft(Progress progress) {
        // A time budget alone bounds every strategy by time: the 1,000 runs of random and pct
        // are the default only when nothing else is said.
        boolean unbounded = settings.strategy == Strategy.DFS || settings.budgetNanos > 0;
        long maxRuns = settings.runs > 0 ? settings.runs : unbounded ? Long.MAX_VALUE : 1000;
        return progress.runs < maxRuns && (settings.budgetNanos == 0 || progress.elapsed() < settings.budgetNanos);
    }

    /** The running totals of an exploration. */
    static final class Progress {
        private final LongSupplier clock;
        private final long start;
        /** Every distinct abstract state seen: the count reports print. */
        final StateTable states = new StateTable();
        final Set<String> goals = new LinkedHashSet<>();
        final List<ExploreReport.Sample> samples = new ArrayList<>();
        long runs;
        long transitions;
        long truncated;
        long coverage;
        int deepest;
        /** The dfs's deviation bound being searched (the last, once it is over). */
        int deviations;
        private long sampleEvery = 1;
        Optional<ExploreReport.Violation> violation = Optional.empty();

        Progress(LongSupplier clock) {
            this.clock = clock;
            this.start = clock.getAsLong();
        }

        long elapsed() {
            return clock.getAsLong() - start;
        }

        /** The observer of strategies that never prune: every state is checked and counted. */
        boolean observeEveryState(ExploreRun run) {
            transitions++;
            run.checkInvariants();
            states.visit(run.stateDigest(), 0);
            return true;
        }

        /** Books a finished run; returns true when it found a violation (the search stops). */
        boolean finish(ExploreRun.Result result) {
            runs++;
            goals.addAll(result.goalsReached());
            if (runs % sampleEvery == 0) {
                samples.add(new ExploreReport.Sample(elapsed(), runs, states.size(), coverage));
                if (samples.size() >= 256) {
                    List<ExploreReport.Sample> kept = new ArrayList<>();
                    for (int i = 1; i < samples.size(); i += 2) {
                        kept.add(samples.get(i));
                    }
                    samples.clear();
                    samples.addAll(kept);
                    sampleEvery *= 2;
                }
            }
            if (result.failure().isPresent()) {
                violation = Optional.of(new ExploreReport.Violation(runs, result.failure().get(), result.spec()));
                samples.add(new ExploreReport.Sample(elapsed(), runs, states.size(), coverage));
                return true;
            }
            return false;
        }
    }
}

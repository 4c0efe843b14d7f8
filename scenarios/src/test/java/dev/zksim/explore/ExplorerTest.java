package dev.zksim.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.catalog.Catalog;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.choice.SmallScope;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.ReproLine;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.testkit.QueueScenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

class ExplorerTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();
    private static final ExploreScope SCOPE = new ExploreScope(SmallScope.DEFAULT);

    /** The default bound: one deviation from the default choices, which may be one fault at any instant. */
    @Test
    void dfsOfTheBasicLockInSmallScopeIsCompleteWithinBounds() {
        ExploreReport report = Explorer.builder(CATALOG, "lock-basic").strategy(Explorer.Strategy.DFS).faults(1).explore();
        assertThat(report.violation()).isEmpty();
        assertThat(report.complete()).isTrue();
        assertThat(report.distinctStates()).isGreaterThan(1_000);
        assertThat(report.transitions()).isGreaterThanOrEqualTo(report.distinctStates());
        assertThat(report.summary()).contains("complete within bounds", "states/s", "distinct states",
                "at most 1 deviation from the default choices", "at most 1 fault");
        assertThat(report.goalsReached()).as("faults were injected").contains("a session expired");
        ExploreReport faultFree = Explorer.builder(CATALOG, "lock-basic").faults(0).explore();
        assertThat(faultFree.complete()).isTrue();
        assertThat(faultFree.distinctStates()).as("faults add states").isLessThan(report.distinctStates());
        assertThat(faultFree.goalsReached()).doesNotContain("a session expired");
    }

    @Test
    void aDepthBoundLimitsWhichChoicePointsBranch() {
        ExploreReport shallow = Explorer.builder(CATALOG, "lock-basic").depth(8).deviations(8).explore();
        ExploreReport deeper = Explorer.builder(CATALOG, "lock-basic").depth(10).deviations(10).explore();
        assertThat(shallow.complete()).isTrue();
        assertThat(shallow.deepestLevel()).isEqualTo(8);
        assertThat(shallow.summary()).contains("depth 8");
        assertThat(deeper.complete()).isTrue();
        assertThat(deeper.distinctStates()).as("a deeper bound explores more").isGreaterThan(shallow.distinctStates());
    }

    @Test
    void aBudgetStopsAnUnfinishedDfsAndSaysSo() {
        ExploreReport report = Explorer.builder(CATALOG, "lock-basic").deviations(3).runs(5).explore();
        assertThat(report.runs()).isEqualTo(5);
        assertThat(report.complete()).isFalse();
        assertThat(report.summary()).contains("NOT complete");
    }

    @Test
    void theSameExplorationTwiceGivesTheSameCounts() {
        ExploreReport first = Explorer.builder(CATALOG, "lock-basic").faults(0).explore();
        ExploreReport second = Explorer.builder(CATALOG, "lock-basic").faults(0).explore();
        assertThat(second.distinctStates()).isEqualTo(first.distinctStates());
        assertThat(second.transitions()).isEqualTo(first.transitions());
        assertThat(second.runs()).isEqualTo(first.runs());
    }

    /**
     * Canaries of this round's workload steps, and the strategies that do not reach them
     * within the test's budget (sweeps catch each within a few seeds: ReadWriteLockStepsTest,
     * LockingQueueScenariosTest). The read/write lock's runs have over a thousand choice
     * points, so the dfs, which backtracks from the deepest, spends its 40,000 runs on late
     * choices while the bug needs an early one (pct and random find the re-entrant canary
     * in one or two runs; only pct finds the downgrade, in 568). The locking queue's bug needs
     * a consumer's session to expire while it processes an item it already removed, and the
     * scope's one fault is offered at instants where something happens, which a consumer's
     * quiet processing has few of. The double barrier's given-up leave needs the give-ups knob
     * and a leave patience that runs out before the others leave, two deviations deep in runs
     * the dfs's budget does not get through. The cache's canary needs a reader cut off
     * across a delete and the create after it (its server crashed between the two, say); the
     * dfs's and the coverage strategy's one fault rarely lands there within their budgets,
     * while random finds it in about 100 runs and pct in 74 (CacheScenariosTest's sweep
     * within 60 seeds).
     */
    private static final Map<String, Set<Explorer.Strategy>> NOT_REACHED_BY = Map.of(
            "canary-rwlock-reentrant-uncounted", Set.of(Explorer.Strategy.DFS),
            "canary-rwlock-downgrade-unordered",
            Set.of(Explorer.Strategy.DFS, Explorer.Strategy.RANDOM, Explorer.Strategy.COVERAGE),
            "canary-locking-queue-removes-at-take", Set.of(Explorer.Strategy.values()),
            "canary-double-barrier-leave-node-kept", Set.of(Explorer.Strategy.DFS),
            "canary-cache-by-version", Set.of(Explorer.Strategy.DFS, Explorer.Strategy.COVERAGE));

    /**
     * Every canary of the catalogue, those of the newer recipe shapes included, is caught by
     * every strategy: a strategy that cannot fail proves nothing. The dfs deepens its
     * deviation bound one at a time (the shallowest counterexample first), as a user hunting a
     * bug with it would.
     */
    @ParameterizedTest
    @EnumSource(Explorer.Strategy.class)
    void everyCanaryIsFoundByEveryStrategy(Explorer.Strategy strategy) {
        List<String> canaries = CATALOG.all().stream().map(Scenario::id).filter(id -> id.startsWith("canary-"))
                .filter(id -> !NOT_REACHED_BY.getOrDefault(id, Set.of()).contains(strategy)).toList();
        assertThat(canaries).hasSizeGreaterThanOrEqualTo(13);
        for (String canary : canaries) {
            ExploreReport report = strategy == Explorer.Strategy.DFS ? deepeningDfs(canary)
                    : Explorer.builder(CATALOG, canary).strategy(strategy).runs(1_000).explore();
            assertThat(report.violation()).as(canary + " under " + strategy.word()).isPresent();
            assertThat(report.violation().orElseThrow().kind()).isIn(FailureKind.SAFETY_VIOLATION,
                    FailureKind.LIVENESS_TIMEOUT);
            assertThat(report.exitCode()).isIn(3, 4);
        }
    }

    /**
     * A time budget bounds pct and coverage by time, not by their default 1,000 runs: with a
     * clock that reaches the budget only after 2,400 reads, each strategy runs past 1,000.
     */
    @ParameterizedTest
    @EnumSource(value = Explorer.Strategy.class, names = {"PCT", "COVERAGE"})
    void aTimeBudgetIsNotCutAtAThousandRuns(Explorer.Strategy strategy) {
        long[] reads = {0};
        ExploreReport report = Explorer.builder(CATALOG, "lock-basic").strategy(strategy).budgetNanos(1_000_000_000L)
                .clock(() -> ++reads[0] < 2_400 ? 0 : Long.MAX_VALUE / 2).explore();
        assertThat(report.violation()).isEmpty();
        assertThat(report.runs()).as(report.summary()).isGreaterThan(1_000);
    }

    /** Dfs with 1, then 2, 3 and 4 deviations, until one finds a violation. */
    private static ExploreReport deepeningDfs(String canary) {
        return Explorer.builder(CATALOG, canary).deviations(4).deepen(true).runs(40_000).explore();
    }

    /**
     * A deepening dfs exhausts each deviation bound before the next, so a bug one deviation
     * reaches is reported with one deviation; deepened to completion it covers exactly the
     * states of the largest bound searched at once.
     */
    @Test
    void aDeepeningDfsFindsTheShallowestBugFirstAndCoversTheSameSpace() {
        ExploreReport deepened = Explorer.builder(CATALOG, "canary-semaphore-leaky").deviations(3).deepen(true).runs(2_000)
                .explore();
        assertThat(deepened.violation()).as("deepening dfs").isPresent();
        assertThat(deepened.deviationsSearched()).isEqualTo(1);
        assertThat(deepened.summary()).contains("deepened one at a time, searched up to 1");
        ExploreReport atOnce = Explorer.builder(CATALOG, "lock-basic").deviations(2).faults(0).explore();
        ExploreReport inSteps = Explorer.builder(CATALOG, "lock-basic").deviations(2).faults(0).deepen(true).explore();
        assertThat(inSteps.complete()).isTrue();
        assertThat(inSteps.distinctStates()).isEqualTo(atOnce.distinctStates());
        assertThat(inSteps.runs()).isGreaterThan(atOnce.runs());
    }

    /**
     * The dfs takes each path's children in ascending order of their choice point: with one
     * deviation it deviates at the first choice point, then the second, and so on; with two
     * it adds the second deviation after the first, each as early as it can be. A run of five
     * two-valued draws stands for a scenario.
     */
    @Test
    void dfsDeviatesAtTheEarliestChoicePointsFirst() {
        assertThat(paths(1)).containsExactly("", "0", "1", "2", "3", "4");
        assertThat(paths(2)).containsExactly("", "0", "0 1", "0 2", "0 3", "0 4", "1", "1 2", "1 3", "1 4", "2", "2 3",
                "2 4", "3", "3 4", "4");
    }

    /** The paths a dfs with this deviation bound takes over five draws, each as its deviating draws' indexes. */
    private static List<String> paths(int deviations) {
        DfsGuide guide = new DfsGuide(SCOPE, Integer.MAX_VALUE, deviations);
        List<String> paths = new ArrayList<>();
        do {
            List<String> deviating = new ArrayList<>();
            for (int draw = 0; draw < 5; draw++) {
                if (guide.choose("net/c1>s1", 1_000) != 0) {
                    deviating.add(Integer.toString(draw));
                }
            }
            paths.add(String.join(" ", deviating));
        } while (guide.advance());
        return paths;
    }

    /**
     * A fault decided at an instant strikes 1 µs later; until it has struck, whom it will
     * strike is part of the state. Otherwise expiring one client and expiring another would
     * be one state, and the dfs would prune every target but the first.
     */
    @Test
    void whomAPendingFaultWillStrikeIsPartOfTheState() {
        assertThat(digestAfterFirstOffer(0)).isNotEqualTo(digestAfterFirstOffer(1));
    }

    /** The state digest after the event where the first fault was decided, striking the target of this index. */
    private static long digestAfterFirstOffer(int target) {
        boolean[] decided = {false};
        long[] digest = {0};
        // Its only fault kind is a session expiry, aimed at one of three clients.
        ExploreRun.execute(CATALOG.find("canary-config-start-once"), (label, bound) -> {
            if (label.equals(FaultChoice.NOW) && !decided[0]) {
                decided[0] = true;
                return 1;
            }
            return label.equals(FaultChoice.DETAIL) ? Math.min(target, bound - 1) : 0;
        }, 1, run -> {
            if (decided[0] && digest[0] == 0) {
                digest[0] = run.stateDigest();
            }
            return digest[0] == 0;
        });
        assertThat(decided[0]).as("a fault was offered").isTrue();
        return digest[0];
    }

    /**
     * A scenario's explored knob (the queue's patience) takes the buckets' values in every
     * strategy and is free under the deviation bound; the other knobs stay fixed, and the
     * report's bounds say which are explored.
     */
    @Test
    void aScenariosExploredKnobTakesTheBucketsAndCostsNoDeviation() {
        Scenario queue = CATALOG.find("canary-queue-hasty-cancel");
        assertThat(queue.smallScopeKnobs()).containsExactly(QueueScenario.PATIENCE);
        ExploreScope scope = new ExploreScope(SmallScope.DEFAULT, queue.smallScopeKnobs());
        assertThat(scope.alternatives(QueueScenario.PATIENCE, 195_001)).isEqualTo(2);
        assertThat(scope.free(QueueScenario.PATIENCE)).isTrue();
        assertThat(scope.alternatives("knobs", 3)).isEqualTo(1);
        assertThat(scope.free("net/c1>s1")).isFalse();
        assertThat(CATALOG.find("lock-standard").smallScopeKnobs()).as("ten patient clients need nothing explored").isEmpty();
        // A third of lock-basic's seeds give up: drawn at 0 alone, the scope would never give up.
        assertThat(CATALOG.find("lock-basic").smallScopeKnobs()).containsExactly("knobs/hold", "knobs/give-ups");
        // That the dfs finds the canary with them is checked with every other canary.
        ExploreReport report = Explorer.builder(CATALOG, "canary-queue-hasty-cancel").runs(1).explore();
        assertThat(report.summary()).contains("knobs fixed at their smallest but knobs/patience (2 values)");
    }

    /**
     * The interleaving canary loses an update only when the first client's read, reply,
     * write and fsync are all at their slowest and the second client's read at its fastest:
     * depth-first search over the delay buckets (four deviations: the four slow steps) and
     * PCT's link priorities reach it within a few thousand runs, with no fault. Three
     * deviations are not enough, and dfs says so. That random seeds miss it is measured by
     * {@link #tenThousandRandomSeedsMissTheInterleavingCanary} (opt-in: it takes a while).
     */
    @Test
    void theInterleavingCanaryIsFoundByDfsAndPctWithoutAFault() {
        String canary = "canary-unversioned-counter";
        ExploreReport dfs = Explorer.builder(CATALOG, canary).strategy(Explorer.Strategy.DFS).deviations(4).faults(0)
                .runs(5_000).explore();
        assertThat(dfs.violation()).as("dfs").isPresent();
        assertThat(dfs.violation().orElseThrow().failure().getMessage()).contains("no lost update");
        assertThat(dfs.violation().orElseThrow().spec().plan().isEmpty()).as("no fault").isTrue();
        ExploreReport three = Explorer.builder(CATALOG, canary).strategy(Explorer.Strategy.DFS).deviations(3).explore();
        assertThat(three.complete()).isTrue();
        assertThat(three.violation()).isEmpty();
        ExploreReport pct = Explorer.builder(CATALOG, canary).strategy(Explorer.Strategy.PCT).faults(0).runs(2_000)
                .explore();
        assertThat(pct.violation()).as("pct").isPresent();
        RunOutcome replayed = new ScenarioRunner(CATALOG).run(dfs.violation().orElseThrow().spec());
        assertThat(replayed.failure()).as("the dfs counterexample replays as a plain run").isPresent();
    }

    /** Opt-in ({@code -Dzksim.measure=true}): plain random seeds never line the interleaving canary up. */
    @Test
    @EnabledIfSystemProperty(named = "zksim.measure", matches = "true")
    void tenThousandRandomSeedsMissTheInterleavingCanary() {
        ScenarioRunner runner = new ScenarioRunner(CATALOG);
        for (long seed = 0; seed < 10_000; seed++) {
            RunOutcome outcome = runner.run(dev.zksim.scenario.RunSpec.of("canary-unversioned-counter", seed));
            assertThat(outcome.failed()).as("random seed " + seed).isFalse();
        }
    }

    /**
     * A run the explorer made, faults injected at instants where something happened
     * included, is an ordinary run spec: the scenario runner replays it to the same trace
     * digest and the same outcome, which is what makes its reproduce line work.
     */
    @Test
    void exploredRunsWithInjectedFaultsReplayExactly() {
        Scenario scenario = CATALOG.find("lock-basic");
        ScenarioRunner runner = new ScenarioRunner(CATALOG);
        int withFaults = 0;
        for (long seed = 0; seed < 40; seed++) {
            RandomGuide random = new RandomGuide(SCOPE, seed);
            ExploreRun.Result explored = ExploreRun.execute(scenario, (label, bound) -> label.equals(FaultChoice.NOW)
                    ? (random.below(6) == 0 ? 1 : 0) : random.choose(label, bound), 1, run -> true, true);
            RunOutcome replayed = runner.run(explored.spec());
            assertThat(replayed.digest()).as("seed " + seed + ", plan " + explored.spec().plan()).isEqualTo(explored.digest());
            assertThat(replayed.failed()).isEqualTo(explored.failure().isPresent());
            withFaults += explored.spec().plan().isEmpty() ? 0 : 1;
        }
        assertThat(withFaults).as("runs that had a fault").isGreaterThan(20);
    }

    @Test
    void theAbstractStateOfARunIsTheSameWhenTheRunIsRepeated() {
        List<Long> first = digests(new int[] {1, 0, 1, 1, 0, 1});
        List<Long> again = digests(new int[] {1, 0, 1, 1, 0, 1});
        assertThat(again).isEqualTo(first).hasSizeGreaterThan(100);
    }

    @Test
    void anotherChoiceLeadsToAnotherState() {
        List<Long> base = digests(new int[] {0, 0, 0});
        List<Long> other = digests(new int[] {1, 0, 0});
        int firstDifference = 0;
        while (firstDifference < Math.min(base.size(), other.size()) && base.get(firstDifference).equals(other.get(firstDifference))) {
            firstDifference++;
        }
        assertThat(firstDifference).as("the runs share their states up to the first choice").isGreaterThan(0)
                .isLessThan(Math.min(base.size(), other.size()));
        assertThat(other.subList(firstDifference, other.size())).doesNotContainAnyElementsOf(base.subList(firstDifference,
                Math.min(firstDifference + 20, base.size())));
    }

    /**
     * Equal states reached by different orders are identified: in the dfs, states reached
     * again through another choice path are counted once. Each revisit is checked to be real
     * by the table (a state is only skipped when its digest was seen at a level no deeper).
     */
    @Test
    void dfsIdentifiesStatesReachedAgainByAnotherPath() {
        ExploreReport report = Explorer.builder(CATALOG, "lock-basic").depth(10).deviations(10).faults(0).explore();
        assertThat(report.complete()).isTrue();
        assertThat(report.transitions()).isGreaterThan(report.distinctStates());
    }

    @Test
    void aScenarioOfOnesOwnCanBeExploredWithoutACatalogue() {
        ExploreReport report = Explorer.builder(CATALOG.find("lock-basic")).faults(0).explore();
        assertThat(report.complete()).isTrue();
        assertThat(report.goalsReached()).contains("two clients wanted the lock at once");
        assertThat(report.goalsMissed()).contains("a holder lost its session while holding");
    }

    /** The JUnit entry point: a violation becomes a shrunk counterexample whose line replays to the same failure. */
    @Test
    void aViolationBecomesAShrunkCounterexampleWithAReproduceLine() {
        ExploreReport report = Explorer.builder(CATALOG, "canary-no-recheck-lock").strategy(Explorer.Strategy.PCT).explore();
        PropertyCheck.Counterexample example = Explorer.counterexample(CATALOG, report.violation().orElseThrow(), true)
                .orElseThrow();
        assertThat(example.line().toString()).startsWith("zksim4:canary-no-recheck-lock:");
        RunOutcome replayed = new ScenarioRunner(CATALOG).run(ReproLine.parse(example.line().toString()).spec());
        assertThat(replayed.failureKind()).contains(FailureKind.SAFETY_VIOLATION);
        assertThat(example.line().matches(replayed.digest())).isTrue();
    }

    /** The JUnit entry point's two verbs: a clean exploration passes, a violation fails with its reproduce line. */
    @Test
    void checkFailsWithTheReproduceLineAndExpectFailureReturnsTheCounterexample() {
        ExploreReport clean = Explorer.builder(CATALOG, "lock-basic").faults(0).check();
        assertThat(clean.complete()).isTrue();
        assertThatThrownBy(() -> Explorer.builder(CATALOG, "canary-no-recheck-lock").check())
                .isInstanceOf(AssertionError.class).hasMessageContaining("found a violation")
                .hasMessageContaining("reproduce: ./zksim replay zksim4:canary-no-recheck-lock:");
        PropertyCheck.Counterexample found = Explorer.builder(CATALOG, "canary-no-recheck-lock").expectFailure();
        assertThat(found.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThatThrownBy(() -> Explorer.builder(CATALOG, "lock-basic").faults(0).expectFailure())
                .isInstanceOf(AssertionError.class).hasMessageContaining("found no violation");
    }

    @Test
    void badSettingsAreOneLineErrors() {
        assertThatThrownBy(() -> Explorer.builder(CATALOG, "lock-basic").depth(0)).hasMessageContaining("depth");
        assertThatThrownBy(() -> Explorer.builder(CATALOG, "no-such").explore()).hasMessageContaining("unknown scenario");
        assertThatThrownBy(() -> Explorer.builder(CATALOG, "lock-basic").faults(-1)).hasMessageContaining("--faults");
        assertThatThrownBy(() -> Explorer.builder(CATALOG, "lock-basic").deviations(-1)).hasMessageContaining("--deviations");
    }

    private static List<Long> digests(int[] vector) {
        List<Long> digests = new ArrayList<>();
        VectorGuide guide = new VectorGuide(SCOPE, vector, 7);
        ExploreRun.execute(CATALOG.find("lock-basic"), guide, 0, run -> digests.add(run.stateDigest()));
        return digests;
    }
}

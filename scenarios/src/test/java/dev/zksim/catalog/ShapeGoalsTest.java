package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.rwlock.ReadWriteLock;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.ReadWriteLockScenario;
import dev.zksim.testkit.ShapeGoals;
import dev.zksim.testkit.Testkit;
import dev.zksim.workload.ScriptClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A user's scenario built with any of the testkit's builders, as a new user would write it
 * (an id, a factory, nothing else), reports goals: its shape's standard goals beyond the
 * ensemble's, at least one of which a short sweep reaches. The factories are those of
 * zksim's own recipes; the scenarios are new ones, not the catalogue's.
 */
class ShapeGoalsTest {
    /** A sweep this short reaches some goal of every shape; most reach one with their first seed. */
    private static final int SEEDS = 4;

    private static final OpKind PING = OpKind.of("PING");

    private static List<Scenario> oneScenarioPerBuilder() {
        LockUnderTest.Factory read = RecipeLocks.of((zk, states, guid, l) -> new ReadWriteLock(zk, states, "/rw", guid).readLock(l));
        LockUnderTest.Factory write = RecipeLocks.of((zk, states, guid, l) -> new ReadWriteLock(zk, states, "/rw", guid).writeLock(l));
        return List.of(
                Testkit.lock("user-lock", LockScenarios.EXCLUSIVE).build(),
                Testkit.readWriteLock("user-rwlock", ReadWriteLockScenario.Factory.of(read, write)).build(),
                Testkit.semaphore("user-semaphore", SemaphoreScenarios.LEASES).build(),
                Testkit.election("user-election", ElectionScenarios.RECIPE).build(),
                Testkit.controller("user-controller", ControllerScenarios.FENCED).build(),
                Testkit.membership("user-membership", RecipeGroups.members()).build(),
                Testkit.configuration("user-configuration", RecipeConfigs.configs()).build(),
                Testkit.fifoQueue("user-fifo-queue", RecipeQueues.fifo()).build(),
                Testkit.priorityQueue("user-priority-queue", RecipeQueues.priority()).build(),
                Testkit.barrier("user-barrier", RecipeBarriers.barrier()).build(),
                Testkit.doubleBarrier("user-double-barrier", RecipeBarriers.doubleBarrier()).build(),
                Testkit.rendezvous("user-rendezvous", RecipeRendezvous.RENDEZVOUS).build(),
                Testkit.naming("user-naming", RecipeNaming.NAMES).build(),
                Testkit.twoPhaseCommit("user-two-phase-commit", RecipeTwoPhase.COORDINATOR, RecipeTwoPhase.SITE).build(),
                Testkit.custom("user-custom").settle(Time.seconds(2)).clients(2, ShapeGoalsTest::ping).build());
    }

    /** Records one PING, answered by an exists on the root. */
    private static ScriptClient.Script ping() {
        return session -> session.record(PING, Value.NONE, session.zk().exists("/", false), stat -> Value.NONE, ok -> { });
    }

    @Test
    void everyBuilderDeclaresItsShapesGoalsAndAShortSweepReachesOne() {
        List<String> ensemble = ShapeGoals.ensemble().stream().map(Goal::name).toList();
        List<String> unreached = new ArrayList<>();
        for (Scenario scenario : oneScenarioPerBuilder()) {
            List<String> own = scenario.goals().stream().map(Goal::name).filter(name -> !ensemble.contains(name)).toList();
            assertThat(own).as(scenario.id() + " declares goals of its shape").isNotEmpty();
            assertThat(scenario.goals()).extracting(Goal::name).as(scenario.id()).endsWith(ensemble.toArray(String[]::new));
            if (!sweepReachesOne(scenario, own)) {
                unreached.add(scenario.id() + " " + own);
            }
        }
        assertThat(unreached).as("scenarios whose own goals a sweep of " + SEEDS + " seeds never reached").isEmpty();
    }

    private static boolean sweepReachesOne(Scenario scenario, List<String> own) {
        ScenarioRunner runner = new ScenarioRunner(new ScenarioCatalog("shape-goals").add(scenario));
        for (long seed = 1; seed <= SEEDS; seed++) {
            RunOutcome outcome = runner.run(RunSpec.of(scenario.id(), seed));
            assertThat(outcome.failed()).as(scenario.id() + " seed " + seed + " is correct").isFalse();
            if (outcome.goalsReached().stream().anyMatch(own::contains)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The membership shape's goal of a member losing its session is one a sweep reaches: it
     * once asked for a LOST op of type INFO, while every workload records LOST as a
     * notification (an OK op), so no run of any membership scenario ever reached it.
     */
    @Test
    void aMemberLosingItsSessionIsAGoalASweepReaches() {
        ScenarioRunner runner = new ScenarioRunner(Catalog.standard());
        long seed = 1;
        while (seed <= 100 && !runner.run(RunSpec.of("membership", seed)).goalsReached()
                .contains("a member lost its session")) {
            seed++;
        }
        assertThat(seed).as("the first of seeds 1 to 100 of membership where a member lost its session")
                .isLessThanOrEqualTo(100);
    }

    /** Give-ups and the goal of a waiter giving up come together: a builder without give-ups declares no such goal. */
    @Test
    void aGoalOnlyTheBuildersSettingsCanReachIsDeclaredOnlyWithThem() {
        assertThat(Testkit.lock("patient", LockScenarios.EXCLUSIVE).noGiveUps().build().goals()).extracting(Goal::name)
                .doesNotContain("a waiter gave up");
        assertThat(Testkit.lock("impatient", LockScenarios.EXCLUSIVE).build().goals()).extracting(Goal::name)
                .contains("a waiter gave up");
        assertThat(Testkit.fifoQueue("at-least", RecipeQueues.fifo())
                .delivery(dev.zksim.testkit.QueueUnderTest.Delivery.AT_LEAST_ONCE).build().goals())
                .extracting(Goal::name).contains("an item was redelivered");
        assertThat(Testkit.fifoQueue("exactly", RecipeQueues.fifo()).build().goals()).extracting(Goal::name)
                .doesNotContain("an item was redelivered");
    }

    /** A user's goal named as a standard one takes its place; the others stay. */
    @Test
    void aUsersGoalOfTheSameNameReplacesTheStandardOne() {
        Goal mine = Goal.completedBy(OpKind.ACQUIRE, 3, "the lock passed from one client to another");
        Scenario scenario = Testkit.lock("renamed", LockScenarios.EXCLUSIVE).goals(mine).build();
        assertThat(scenario.goals()).contains(mine);
        assertThat(scenario.goals()).extracting(Goal::name).containsOnlyOnce("the lock passed from one client to another")
                .contains("two clients wanted the lock at once", "a session expired");
    }

    /**
     * A lock whose plans lose replies aimed at its creates declares "a lost reply hit a
     * create", judged on the request faults that struck (they are not in the trace), and a
     * sweep reaches it; a lock without faults does not declare it.
     */
    @Test
    void aLockWhosePlansLoseCreateRepliesDeclaresAndReachesThatGoal() {
        Scenario lossy = Testkit.lock("user-lock-lost-replies", LockScenarios.EXCLUSIVE)
                .faults(1, 2, Time.seconds(2), List.of(dev.zksim.nemesis.FaultKind.DROP_REPLY)).build();
        Scenario quiet = Testkit.lock("user-lock-quiet", LockScenarios.EXCLUSIVE).noFaults().build();
        String goal = "a lost reply hit a create";
        assertThat(lossy.goals()).extracting(Goal::name).contains(goal);
        assertThat(quiet.goals()).extracting(Goal::name).doesNotContain(goal);
        ScenarioRunner runner = new ScenarioRunner(new ScenarioCatalog().add(lossy));
        List<String> reached = new ArrayList<>();
        for (long seed = 0; seed < 20 && !reached.contains(goal); seed++) {
            reached.addAll(runner.run(RunSpec.of(lossy.id(), seed)).goalsReached());
        }
        assertThat(reached).contains(goal);
    }
}

package dev.zksim.catalog;

import dev.zksim.recipes.lock.ExclusiveLock;
import dev.zksim.testkit.Testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultPlan;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.recipes.canary.ForgetfulCreateLock;
import dev.zksim.recipes.canary.TrustingCreateLock;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.testkit.Profiles;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The request faults from the random nemesis, aimed at the operations the lock uses, on the
 * lock trial of the catalogue: the correct lock passes every seed, and each request fault's
 * canary is caught by the liveness checker within a few seeds.
 */
class RequestFaultScenarioTest {
    private static final String DIR = "/lock";
    private static final List<String> LOCK_OPERATIONS = List.of("create", "getChildren", "exists", "delete");

    private static FaultProfile aimed(List<FaultKind> kinds, List<String> operations) {
        return new FaultProfile(kinds, 1, 2, Time.millis(100), Time.millis(800), Time.millis(100), Time.seconds(1))
                .aimedAt(operations);
    }

    private static Scenario lock(String id, RecipeLocks.Maker maker, FaultProfile faults) {
        return Testkit.lock(id, RecipeLocks.of(maker)).title("Lock: lost requests and replies aimed at its operations")
                .servers(1, 3).clients(3, 3).rounds(4, 4).startWithin(Time.millis(100))
                .hold(Time.millis(20), Time.millis(150)).think(Time.millis(20)).noGiveUps().faults(faults)
                .build();
    }

    static List<RunOutcome> run(Scenario scenario, int seeds) {
        ScenarioRunner runner = new ScenarioRunner(new ScenarioCatalog().add(scenario));
        List<RunOutcome> outcomes = new ArrayList<>();
        for (long seed = 1; seed <= seeds; seed++) {
            outcomes.add(runner.run(RunSpec.of(scenario.id(), seed)));
        }
        return outcomes;
    }

    @Test
    void theCorrectLockPassesLostRequestsAndRepliesOnEveryOperationItUses() {
        List<RunOutcome> outcomes = run(lock("aimed-lock", (zk, states, guid, listener) -> new ExclusiveLock(zk, states, DIR, guid, listener),
                aimed(List.of(FaultKind.LOSE_REQUEST, FaultKind.DROP_REPLY), LOCK_OPERATIONS)), 30);
        assertThat(outcomes).allSatisfy(outcome -> assertThat(outcome.failed())
                .as(outcome.plan() + " -> " + outcome.failure()).isFalse());
        assertThat(outcomes).anyMatch(outcome -> outcome.plan().toString().contains("lose-request"))
                .anyMatch(outcome -> outcome.plan().toString().contains("drop-reply"));
    }

    @Test
    void aLostCreateReplyStrandsTheForgetfulLock() {
        List<RunOutcome> outcomes = run(lock("forgetful-lock", (zk, states, guid, listener) ->
                new ForgetfulCreateLock(zk, states, DIR, guid, listener), aimed(List.of(FaultKind.DROP_REPLY), List.of("create"))), 10);
        assertThat(outcomes).anyMatch(outcome -> outcome.failureKind().orElse(null) == FailureKind.LIVENESS_TIMEOUT);
    }

    @Test
    void aLostCreateRequestStrandsTheTrustingLock() {
        List<RunOutcome> outcomes = run(lock("trusting-lock", (zk, states, guid, listener) ->
                new TrustingCreateLock(zk, states, DIR, guid, listener), aimed(List.of(FaultKind.LOSE_REQUEST), List.of("create"))), 10);
        assertThat(outcomes).anyMatch(outcome -> outcome.failureKind().orElse(null) == FailureKind.LIVENESS_TIMEOUT);
    }

    private static List<RunOutcome> run(Scenario scenario, int seeds, String plan) {
        ScenarioRunner runner = new ScenarioRunner(new ScenarioCatalog().add(scenario));
        List<RunOutcome> outcomes = new ArrayList<>();
        for (long seed = 1; seed <= seeds; seed++) {
            outcomes.add(runner.run(RunSpec.of(scenario.id(), seed).withPlan(FaultPlan.parse(plan))));
        }
        return outcomes;
    }

    private static long failures(List<RunOutcome> outcomes) {
        return outcomes.stream().filter(RunOutcome::failed).count();
    }

    @Test
    void aStepAimedAtTheSecondCreateStrandsTheLockThatProtectsOnlyItsFirst() {
        Scenario canary = LockScenarios.firstCreateProtectedCanary();
        assertThat(failures(run(canary, 20, "at 0s drop-reply c1 on create /lock"))).as("the first create's reply").isZero();
        List<RunOutcome> aimed = run(canary, 20, "at 0s drop-reply c1 on create /lock #2");
        assertThat(aimed).anyMatch(outcome -> outcome.failureKind().orElse(null) == FailureKind.LIVENESS_TIMEOUT);
    }

    /**
     * The per-request profile alone, with no partition, crash or aimed step, strands the lock
     * whose waiters delete their node once when they give up. (The standard profile catches it
     * too: a partition during that delete loses it just the same.)
     */
    @Test
    void thePerRequestFaultProfileAloneStrandsTheOneShotCleanup() {
        assertThat(failures(run(LockScenarios.oneShotCleanup("one-shot", Profiles.withRequestLoss(List.of())).build(), 150,
                "at 0s heal"))).as("without faults").isZero();
        List<RunOutcome> lossy = run(LockScenarios.oneShotCleanup("one-shot", Profiles.withRequestLoss(List.of())).build(), 250);
        assertThat(lossy).anyMatch(outcome -> outcome.failureKind().orElse(null) == FailureKind.LIVENESS_TIMEOUT
                && outcome.failure().orElseThrow().getMessage().contains("a lock that nobody held"));
    }

    /**
     * The testkit's profile of lost replies aims dropped replies at the operations named and
     * nothing else, and refuses a name that is no operation; the correct lock passes it on
     * every operation it uses.
     */
    @Test
    void lostRepliesAimDroppedRepliesAtTheOperationsNamed() {
        FaultProfile profile = Profiles.lostReplies("create", "delete");
        assertThat(profile.kinds()).containsExactly(FaultKind.DROP_REPLY);
        assertThat(profile.aimAt()).containsExactly("create", "delete");
        assertThatThrownBy(() -> Profiles.lostReplies("c2")).hasMessageContaining("unknown operation 'c2'");
        List<RunOutcome> outcomes = run(lock("lost-replies-lock",
                (zk, states, guid, listener) -> new ExclusiveLock(zk, states, DIR, guid, listener),
                Profiles.lostReplies(LOCK_OPERATIONS.toArray(String[]::new))), 20);
        assertThat(outcomes).allSatisfy(outcome -> assertThat(outcome.failed())
                .as(outcome.plan() + " -> " + outcome.failure()).isFalse());
        assertThat(outcomes).anyMatch(outcome -> outcome.plan().toString().contains("drop-reply"));
    }

    @Test
    void theCorrectLockPassesThePerRequestFaultProfile() {
        List<RunOutcome> outcomes = run(LockScenarios.requestLoss(), 40);
        assertThat(outcomes).allSatisfy(outcome -> assertThat(outcome.failed())
                .as(outcome.plan() + " -> " + outcome.failure()).isFalse());
        assertThat(outcomes).anyMatch(outcome -> outcome.plan().toString().contains("request-loss"));
    }
}

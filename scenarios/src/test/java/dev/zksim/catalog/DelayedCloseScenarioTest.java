package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.OpKind;
import dev.zksim.kernel.FailureKind;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultPlan;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.testkit.Profiles;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The delayed close ({@code delay-close CLIENT by D}): the canary that resumes a grant when it
 * finds its old node after Expired is caught only with it, and the correct lock passes it.
 */
class DelayedCloseScenarioTest {

    private static List<RunOutcome> run(Scenario scenario, int seeds) {
        return RequestFaultScenarioTest.run(scenario, seeds);
    }

    @Test
    void theCanaryIsCaughtWithDelayedClosesAsTwoHolders() {
        List<RunOutcome> outcomes = run(LockScenarios.adoptOwnNodeCanary(), 30);
        assertThat(outcomes).anySatisfy(outcome -> {
            assertThat(outcome.failureKind()).contains(FailureKind.SAFETY_VIOLATION);
            assertThat(outcome.failure().orElseThrow().getMessage()).contains("mutual exclusion");
            assertThat(outcome.plan().toString()).contains("delay-close");
        });
    }

    @Test
    void theCanaryPassesPlainExpiriesBecauseItsOldNodeIsGoneByThen() {
        Scenario plain = LockScenarios.longHolds("adopt-own-node-plain-expiry", AdoptOwnNodeLock.over("/lock"),
                List.of(FaultKind.EXPIRE_SESSION)).build();
        List<RunOutcome> outcomes = run(plain, 150);
        assertThat(outcomes).allSatisfy(outcome -> assertThat(outcome.failed())
                .as(outcome.plan() + " -> " + outcome.failure()).isFalse());
        assertThat(outcomes).as("seeds whose client heard Expired")
                .filteredOn(outcome -> outcome.history().ops().stream().anyMatch(op -> op.f() == OpKind.EXPIRED))
                .hasSizeGreaterThan(50);
    }

    @Test
    void theCorrectLockPassesTheCanarysWorkloadWithDelayedCloses() {
        Scenario correct = LockScenarios.longHolds("lock-long-holds-delayed-close", LockScenarios.EXCLUSIVE,
                Profiles.withDelayedClose(List.of())).build();
        List<RunOutcome> outcomes = run(correct, 100);
        assertThat(outcomes).allSatisfy(outcome -> assertThat(outcome.failed())
                .as(outcome.plan() + " -> " + outcome.failure()).isFalse());
    }

    /** The seed the sweep found first, pinned with its shrunk plan. */
    @Test
    void theShrunkPlanOfTheFirstFindingStillFails() {
        ScenarioRunner runner = new ScenarioRunner(new ScenarioCatalog().add(LockScenarios.adoptOwnNodeCanary()));
        RunOutcome outcome = runner.run(RunSpec.of("canary-adopt-own-node", 3)
                .withPlan(FaultPlan.parse("at 1.037033s delay-close c2 by 5.72458s; at 1.037033s expire c2")));
        assertThat(outcome.failureKind()).contains(FailureKind.SAFETY_VIOLATION);
        RunOutcome undelayed = runner.run(RunSpec.of("canary-adopt-own-node", 3)
                .withPlan(FaultPlan.parse("at 1.037033s expire c2")));
        assertThat(undelayed.failed()).as("the same expiry without the delay").isFalse();
    }
}

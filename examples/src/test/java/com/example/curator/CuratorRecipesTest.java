package com.example.curator;

import com.example.coordination.Canary;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/**
 * Curator's recipes, run as shipped, under zksim's faults; and the careless scheduler, which
 * zksim must catch with a reproduce line that {@code ./zksim test} replays from the command line.
 * {@code ./zksim test} runs this class twice: against the Curator of the pom (5.9.0) and against
 * 5.2.0, with the same compiled classes, as a user's build with another Curator would.
 */
class CuratorRecipesTest {
    private static final ScenarioCatalog CATALOG = new CuratorScenarios().catalog();

    @SimulationProperty(seeds = 100)
    void interProcessMutexIsSafeAndLive(Seeds seeds) {
        seeds.check(CATALOG, "curator-mutex");
    }

    @SimulationProperty(seeds = 100)
    void interProcessSemaphoreMutexIsSafeAndLive(Seeds seeds) {
        seeds.check(CATALOG, "curator-semaphore-mutex");
    }

    @SimulationProperty(seeds = 100)
    void leaderLatchHasOneLeaderAtATime(Seeds seeds) {
        seeds.check(CATALOG, "curator-leader-latch");
    }

    @SimulationProperty(seeds = 100)
    void leaderSelectorHasOneLeaderAtATime(Seeds seeds) {
        seeds.check(CATALOG, "curator-leader-selector");
    }

    @SimulationProperty(seeds = 100)
    void theSchedulerHasOneLeaderAtATime(Seeds seeds) {
        seeds.check(CATALOG, "curator-scheduler");
    }

    @SimulationProperty(seeds = 100)
    void distributedBarrierLetsNobodyPassBeforeTheLift(Seeds seeds) {
        seeds.check(CATALOG, "curator-barrier");
    }

    @SimulationProperty(seeds = 100)
    void distributedDoubleBarrierHoldsEveryoneTogether(Seeds seeds) {
        seeds.check(CATALOG, "curator-double-barrier");
    }

    /**
     * Under faults, Curator's DistributedDoubleBarrier strands participants, which the liveness
     * check reports. Two behaviours of Curator, neither a mistake of the adapter: an enter whose
     * wait hears Disconnected throws ConnectionLossException and leaves the participant's node
     * behind, and that object cannot enter again while the node exists (its create fails with
     * NodeExists), so the others wait in leave until its session ends; and a participant whose
     * session expired after the others went through enters again into a round that is over and
     * waits forever, since the last one out deleted the ready node.
     */
    @Test
    void distributedDoubleBarrierStrandsParticipantsUnderFaults() {
        Canary.expectLivenessTimeout(CATALOG, "curator-double-barrier-faults");
    }

    @SimulationProperty(seeds = 100)
    void sharedValueReadersConvergeWithoutGoingBack(Seeds seeds) {
        seeds.check(CATALOG, "curator-shared-value");
    }

    @SimulationProperty(seeds = 100)
    void groupMemberViewsConverge(Seeds seeds) {
        seeds.check(CATALOG, "curator-group-member");
    }

    @Test
    void theCarelessSchedulerIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "curator-careless-scheduler");
    }
}

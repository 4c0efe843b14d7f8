package com.example.curator;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.coordination.Canary;
import dev.zksim.property.PropertyCheck;
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
    void interProcessReadWriteLockIsSafeAndLive(Seeds seeds) {
        seeds.check(CATALOG, "curator-rwlock");
    }

    @SimulationProperty(seeds = 100)
    void distributedQueueWithALockPathDeliversAtLeastOnceAndFifoToOneConsumer(Seeds seeds) {
        seeds.check(CATALOG, "curator-queue");
    }

    @SimulationProperty(seeds = 100)
    void distributedPriorityQueueWithALockPathDeliversAtLeastOnceByPriorityToOneConsumer(Seeds seeds) {
        seeds.check(CATALOG, "curator-priority-queue");
    }

    /**
     * Curator promises its queues' order only to a single consumer. Seeds 1043 and 1231 of the
     * priority queue (three consumers) took a later item while a consumer whose session then
     * ended held an earlier one under its lock node: no order Curator promises is broken, and
     * the delivery (at least once) is still checked.
     */
    @Test
    void severalConsumersAreNotHeldToAnOrder() {
        new Seeds(1043, 1).check(CATALOG, "curator-priority-queue");
        new Seeds(1231, 1).check(CATALOG, "curator-priority-queue");
    }

    @SimulationProperty(seeds = 100)
    void theSchedulerHasOneLeaderAtATime(Seeds seeds) {
        seeds.check(CATALOG, "curator-scheduler");
    }

    /**
     * Curator documents its DistributedQueue without a lock path as at most once (an item is
     * removed before the consumer sees it). But its put is a PERSISTENT_SEQUENTIAL create that
     * Curator retries after a lost reply, without protection, so an item whose first create
     * was applied is enqueued again and taken twice: zksim must catch that.
     */
    @Test
    void theUnlockedQueueTakesAnItemTwiceWhenAPutsReplyIsLost() {
        PropertyCheck.Counterexample found = Canary.expectSafetyViolation(CATALOG, "curator-unlocked-queue");
        assertTrue(found.describe().contains("dequeued twice"), found.describe());
    }

    @Test
    void theCarelessSchedulerIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "curator-careless-scheduler");
    }
}

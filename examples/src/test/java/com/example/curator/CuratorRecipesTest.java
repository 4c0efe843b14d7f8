package com.example.curator;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.coordination.Canary;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Assumptions;
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
    void interProcessSemaphoreV2KeepsItsPermits(Seeds seeds) {
        seeds.check(CATALOG, "curator-semaphore");
    }

    /**
     * A bug of Curator itself (5.9.0 and 5.2.0) that zksim finds: a waiter interrupted while
     * {@code InterProcessSemaphoreV2.acquire()} releases its internal lock, just after the lease
     * was granted, throws without returning the lease, and its node stays for as long as the
     * session lives. The permit is gone, and the other waiters wait for good.
     */
    @Test
    void anInterruptedSemaphoreWaiterLeaksItsLease() {
        PropertyCheck.Counterexample found = Canary.expectLivenessTimeout(CATALOG, "curator-semaphore-interrupted");
        assertTrue(found.describe().contains("which is live"), found.describe());
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

    /**
     * Writers downgrade (take the read lock while holding the write lock, then release the
     * write lock) while other writers wait. Curator before 5.5.0 lets a waiting writer in
     * (CURATOR-621, pinned in CuratorBugsTest), so this property is skipped on such a Curator.
     */
    @SimulationProperty(seeds = 100)
    void interProcessReadWriteLockKeepsWritersOutOfADowngrade(Seeds seeds) {
        Assumptions.assumeTrue(CuratorBugsTest.curator621IsFixed(), "CURATOR-621 is not fixed in this Curator");
        seeds.check(CATALOG, "curator-rwlock-downgrades");
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

    /**
     * PathChildrenCache compares the modification zxid, so its listener follows a child deleted
     * and created again; the adapter must not make it fail (CuratorCache and TreeCache do fail:
     * CuratorBugsTest).
     */
    @SimulationProperty(seeds = 100)
    void pathChildrenCacheAndItsListenerConvergeToTheDirectory(Seeds seeds) {
        seeds.check(CATALOG, "curator-path-children-cache");
    }

    @SimulationProperty(seeds = 100)
    void theSchedulerHasOneLeaderAtATime(Seeds seeds) {
        seeds.check(CATALOG, "curator-scheduler");
    }

    /**
     * Seed 13: a waiter whose session expired waited for a session the barrier workload never
     * opened. Seed 454: the coordinator's removeBarrier failed with ConnectionLoss after Curator's
     * retries and nobody lifted the barrier; the adapter now retries it as a coordinator must.
     */
    @SimulationProperty(seeds = 100, regressions = {
        "zksim3:curator-examples/curator-barrier:d:eNpLLFEw1DMwMjc1tihWyCzOz0ksSVXISU1MSS0CAGyLCJ8:eNo7ysTAmp2Xn1TMzsQAApMZGUQKivKTU4uL9ZMN9YtSk_Pz8lKTS5gaWCcyAgAE1wxm:320d7e2cadf45c54:23ef5e9d",
        "zksim3:curator-examples/curator-barrier:1c6:eNpLLFEw1DMzMjEwNSlWyCzOz0ksSVXISU1MSS2yVkgsUTDSMzK1MDMxLVbISE3MAQA-Pw22:eNo7ysXAmp2Xn1TMzsLCxMTAMZmRgTMvtUS_2NCu2IiTAQqeMkNFjeyKDZmfMzPcZYUKmAAF2CFqWF8yIlSZSDAggafsT1mR2OxQdaZAO5QYCIHnMMuNgcZywY1hhRsDdIMx-2OQ9UDDGV4c2d_85eohOYQdxoTteHLp0dyZq3-IIUw0lcGl9inrc0aGpuWbtn97Ml8GAMQnP1o:67df96012ba6d044:2698d03f"})
    void distributedBarrierLetsNobodyPassBeforeTheLift(Seeds seeds) {
        seeds.check(CATALOG, "curator-barrier");
    }

    @SimulationProperty(seeds = 100)
    void distributedDoubleBarrierHoldsEveryoneTogether(Seeds seeds) {
        seeds.check(CATALOG, "curator-double-barrier");
    }

    /**
     * InterProcessMutex waits in a loop that checks its place again after every wake-up, so
     * waits that end without a notify, as the JVM allows, never let a client in early.
     */
    @SimulationProperty(seeds = 100)
    void interProcessMutexWaitsInALoopThroughSpuriousWakeups(Seeds seeds) {
        seeds.check(CATALOG, "curator-mutex-wakeups");
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

    /**
     * A participant that gives an enter up by interrupting it, as a caller whose wait timed out
     * does, still counts as arrived: Curator leaves its node in place and has no call that
     * withdraws it, so the others go in before every participant is there.
     */
    @Test
    void anInterruptedDistributedDoubleBarrierEnterStillCountsAsArrived() {
        ScenarioRunner runner = new ScenarioRunner(CATALOG);
        Optional<SimulationFailure> early = LongStream.range(0, 200)
                .mapToObj(seed -> runner.run(RunSpec.of("curator-double-barrier-give-ups", seed)).failure())
                .flatMap(Optional::stream)
                .filter(failure -> failure.kind() == FailureKind.SAFETY_VIOLATION)
                .findFirst();
        assertTrue(early.isPresent(), "no participant went in early in 200 seeds");
        assertTrue(early.get().getMessage().contains("participants had arrived"), early.get().getMessage());
    }

    @SimulationProperty(seeds = 100)
    void sharedValueReadersConvergeWithoutGoingBack(Seeds seeds) {
        seeds.check(CATALOG, "curator-shared-value");
    }

    @SimulationProperty(seeds = 100)
    void nodeCacheReadersConvergeWithoutGoingBack(Seeds seeds) {
        seeds.check(CATALOG, "curator-node-cache-config");
    }

    @SimulationProperty(seeds = 100)
    void groupMemberViewsConverge(Seeds seeds) {
        seeds.check(CATALOG, "curator-group-member");
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

package dev.zksim.catalog;

import dev.zksim.scenario.ScenarioCatalog;

/**
 * The standard catalogue of named scenarios that the command line and the tests use: the
 * ensemble's own scenario, one or more per recipe, mixed ones, and the canaries (ids
 * starting with "canary-") that the tests expect to fail.
 */
public final class Catalog {

    private Catalog() {
    }

    public static ScenarioCatalog standard() {
        return CatalogGoals.declare(new ScenarioCatalog()
                .add(RandomOpsScenario.of(1, 3, 5))
                .add(LockScenarios.basic())
                .add(LockScenarios.leaderCrash())
                .add(LockScenarios.standard())
                .add(LockScenarios.pausedHolder())
                .add(LockScenarios.noRecheckCanary())
                .add(LockScenarios.requestLoss())
                .add(LockScenarios.firstCreateProtectedCanary())
                .add(LockScenarios.resumeAfterExpiryCanary())
                .add(LockScenarios.delayedClose())
                .add(LockScenarios.aimedNth())
                .add(LockScenarios.adoptOwnNodeCanary())
                .add(LockScenarios.lockFileHerdCanary())
                .add(LockScenarios.lowestWatchHerdCanary())
                .add(QueueScenarios.fifo())
                .add(QueueScenarios.priority())
                .add(QueueScenarios.uncheckedConsumerCanary())
                .add(QueueScenarios.hastyCancelCanary())
                .add(QueueScenarios.locking())
                .add(QueueScenarios.removesAtTakeCanary())
                .add(ElectionScenarios.election())
                .add(ElectionScenarios.seedArticleCanary())
                .add(ElectionScenarios.zombieLeaderCanary())
                .add(ElectionScenarios.forgetsCandidacyCanary())
                .add(ControllerScenarios.fenced())
                .add(ControllerScenarios.unfencedCanary())
                .add(SharedLockScenarios.readWrite())
                .add(SharedLockScenarios.reentrantUncountedCanary())
                .add(SharedLockScenarios.downgradeUnorderedCanary())
                .add(SharedLockScenarios.revocable())
                .add(CoordinationScenarios.barrier())
                .add(CoordinationScenarios.twoPhaseCommit())
                .add(CoordinationScenarios.configuration())
                .add(CoordinationScenarios.cache())
                .add(CoordinationScenarios.ephemeralCache())
                .add(CoordinationScenarios.cacheByVersionCanary())
                .add(GroupScenarios.doubleBarrier())
                .add(GroupScenarios.membership())
                .add(GroupScenarios.partitionedMembership())
                .add(GroupScenarios.rendezvous())
                .add(GroupScenarios.naming())
                .add(GroupScenarios.counter())
                .add(MixedScenarios.leaderPublishesConfig())
                .add(MixedScenarios.lockHoldersEnqueue())
                .add(InterleavingScenarios.unversionedCounterCanary())
                .add(SemaphoreScenarios.semaphore())
                .add(SemaphoreScenarios.leakyCanary())
                .add(SemaphoreScenarios.overCountingCanary())
                .add(GroupScenarios.staleRejoinCanary())
                .add(GroupScenarios.rejoinKeepsViewCanary())
                .add(CoordinationScenarios.startOnceCanary())
                .add(GroupScenarios.oneShortBarrierCanary())
                .add(GroupScenarios.hastyCancelBarrierCanary())
                .add(GroupScenarios.leaveNodeKeptBarrierCanary())
                .add(CoordinationScenarios.impatientBarrierCanary())
                .add(GroupScenarios.viewAssignedPartitionsCanary())
                .add(KnownBugScenarios.electionChurn())
                .add(KnownBugScenarios.syncCrash())
                .add(KnownBugScenarios.diskError())
                .add(KnownBugScenarios.fuzzySnapshot())
                .add(KnownBugScenarios.diffSyncCrash())
                .add(KnownBugScenarios.truncSyncCut()));
    }
}

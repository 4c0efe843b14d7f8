package com.example.curator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.nemesis.FaultPlan;
import dev.zksim.property.ReproLine;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * Bugs zksim found in Curator itself, each pinned to the seed that shows it: these seeds must
 * keep failing, for the reason given, until Curator is fixed. The first two, the lagging
 * follower's protected create, the counters' and the caches', are in 5.9.0 and 5.2.0 alike; the others are known bugs of
 * earlier releases that later ones fixed, found again, each in the releases it names. Each seed is run once, without shrinking.
 * docs/agent.md explains each with Curator's lines.
 */
class CuratorBugsTest {
    private static final ScenarioRunner RUNNER = new ScenarioRunner(new CuratorScenarios().catalog());
    /** What {@code ./zksim run curator-mutex --seed 3 --faults "..."} shrank to, lag and lost reply kept. */
    private static final String LAGGING_FOLLOWER_LINE = "zksim3:curator-examples/curator-mutex:3:"
            + "eNo1yLENgDAMBMBVfgGUoDRITGMZQ5Pg6ONIsD0VV54ESs5toMqFUXA6sY0d8v9B7wut1xe6wm8oTcKQdFLCmdoMez4fMRec:"
            + "eNo7yszAmp2Xn1TMyMIgUlCUn5xaXKyfbKhflJqcn5eXmlzC2MCOJGGEJHGAGQBLzRPJ:c190e0b8ccf07311:afbd86d5";
    /** What {@code ./zksim run curator-leader-latch --seed 3 --faults "..."} shrank to. */
    private static final String LAGGING_FOLLOWER_LATCH_LINE = "zksim3:curator-examples/curator-leader-latch:3:"
            + "eNo1yLENgDAMBMBVfgGUoDRITGMZA4XB0ccUbE_FlSeJVus14HJgNOxBLGOF_L8x-kTr_kJnxA2lSRqKPpQMFpfU8wMeyBd1:"
            + "eNo7yszAmp2Xn1TMzsIAAksZGUQKivKTU4uL9ZMN9YtSk_Pz8lKTS5ga2BuYkKSMEFKMB5gBqRwU-A:a4cd73977313d307:26a8e19d";

    /**
     * DistributedQueue promises FIFO to a single consumer. In seed 986 the one consumer's claim
     * of the oldest item fails (its lock-node create meets connection loss until Curator's
     * retries run out); Curator logs the error and goes on to the next item of the list it
     * read before, so the consumer takes a later item first.
     */
    @Test
    void aSingleConsumerTakesALaterItemFirstWhenAClaimFails() {
        RunOutcome outcome = RUNNER.run(RunSpec.of("curator-queue", 986));
        String message = message(outcome);
        assertEquals(FailureKind.SAFETY_VIOLATION, outcome.failureKind().orElseThrow(), message);
        assertTrue(message.contains("before anyone tried to dequeue"), message);
        assertTrue(outcome.knobs().contains("consumers: 1"), outcome.knobs().toString());
    }

    /**
     * The same null create in Curator's InterProcessMutex itself: in seed 828 a client's
     * acquire fails with a NullPointerException after its create met connection loss twice
     * (its lock node then stays first in the queue of a live session, and nobody gets the lock
     * again). The run ends at the exception, a bug of the code under test, with its place.
     * Before 5.6.0 the exception never left Curator: the cleanup in {@code finally} deleted the
     * null path, whose IllegalArgumentException replaced it, and only the node left behind
     * shows, as a liveness timeout.
     */
    @Test
    void aProtectedCreateThatReturnsNullFailsTheMutexsAcquireWithANullPointerException() {
        assertNullCreateCaught(RUNNER.run(RunSpec.of("curator-mutex", 828)), "/curator/mutex/");
    }

    private static void assertNullCreateCaught(RunOutcome outcome, String nodeLeftBehind) {
        if (curatorIsAtLeast(5, 6)) {
            assertFails(outcome, FailureKind.SIMULATOR_CRASH, "lock-owner", "NullPointerException",
                    "LockInternals.internalLockLoop");
        } else {
            assertFails(outcome, FailureKind.LIVENESS_TIMEOUT, nodeLeftBehind);
        }
    }

    /**
     * InterProcessSemaphoreMutex (an InterProcessSemaphoreV2 of one lease) under every fault:
     * a client's lease create meets a lost connection, the lease stays without an owner that
     * will return it, and the waiter that holds the internal lock waits beside it for good
     * while the others queue for that lock. Seed 180 shows it against 5.3.0 to 5.9.0 except
     * 5.6.0, which schedules the seed otherwise, as 5.2.0 does (no seed of 5.2.0's first 600
     * shows it), so the test needs a newer Curator than either.
     */
    @Test
    void aLeaseLeftByALostConnectionDeadlocksTheSemaphoreMutex() {
        assumeCuratorSchedulesTheSeedAsFiveNineDoes();
        RunOutcome outcome = RUNNER.run(RunSpec.of("curator-semaphore-mutex-all-faults", 180));
        String message = message(outcome);
        assertEquals(FailureKind.LIVENESS_TIMEOUT, outcome.failureKind().orElseThrow(), message);
        assertTrue(message.contains("/curator/smutex/"), message);
    }

    /**
     * In seed 2163 a writer's protected create returns null instead of a path: the create
     * meets connection loss twice with a successful protected-node search in between, and
     * the search completes the retry loop that the create shares with it. InterProcessMutex
     * then fails with a NullPointerException (and leaves its lock node behind, so readers
     * wait for it until the writer's session ends); the run ends at the exception, or, before
     * Curator 5.6.0, at the readers' liveness timeout, as for the mutex above.
     */
    @Test
    void aProtectedCreateThatReturnsNullFailsTheWriteLocksAcquireWithANullPointerException() {
        assertNullCreateCaught(RUNNER.run(RunSpec.of("curator-rwlock", 2163)), "__WRIT__");
    }

    /**
     * CURATOR-623, fixed in Curator 5.3.0: the ChildrenCache behind a queue had no connection
     * listener, so when Curator gave its session up after a long partition and made a new
     * one, the cache's watch was gone and the consumer never saw new items again. In seed
     * 1536 the one consumer stops after the partition and five acknowledged items stay in the
     * queue for good. With the fix (the cache has a {@code connectionStateListener}), the seed
     * passes.
     */
    @Test
    void aQueueConsumerStopsSeeingItemsAfterCuratorRenewsItsSessionUnlessCurator623IsFixed() {
        assertUnsafeUnlessFixed(RUNNER.run(RunSpec.of("curator-queue", 1536)), curator623IsFixed(),
                "acknowledged items were never dequeued");
    }

    /**
     * CURATOR-621 (also CURATOR-276), fixed in Curator 5.5.0: a writer that downgrades takes
     * the read lock at once, as the thread that owns the write lock, but the read node sorts
     * after the write nodes of writers already waiting; when it releases the write lock, the
     * first of them is the lowest node and takes the write lock while the downgraded reader
     * still reads. In seed 4 of curator-rwlock-downgrades, c3's write node (czxid ...336) was
     * queued before c2's downgrade read node (...337). With the fix (the read lock takes the
     * write lock's place, Curator's own {@code ReadLock} class), the seed passes.
     */
    @Test
    void aWaitingWriterTakesTheLockFromADowngradedReaderUnlessCurator621IsFixed() {
        assertUnsafeUnlessFixed(RUNNER.run(RunSpec.of("curator-rwlock-downgrades", 4)), curator621IsFixed(),
                "was granted WRITE_LOCK", "held READ_LOCK");
    }

    /**
     * GH-1290 (apache/curator#1290, fixed on Curator's main branch after 5.9.0): the double
     * barrier's enter waits once and returns true after any wake-up, without counting the
     * participants again. In seed 20 of curator-double-barrier-wakeups c1 enters first and
     * waits; a spurious wake-up, which the JVM allows, ends the wait, and c1 goes through
     * alone, before any of the three others has arrived.
     */
    @Test
    void aSpuriousWakeupLetsADoubleBarrierEnterReturnBeforeTheOthersArrive() {
        assertFails(RUNNER.run(RunSpec.of("curator-double-barrier-wakeups", 20)), FailureKind.SAFETY_VIOLATION,
                "c1 ENTER ok", "went through when only 1 of 4 participants had arrived");
    }

    /**
     * The double barrier's leave has the same flaw in a loop, and GH-1290's fix does not touch
     * it: a participant whose node is not the lowest deletes it and waits for the lowest to go;
     * after any wake-up it lists the children again, finds one node, the lowest, and takes that
     * for the end of the round. In seed 21 a wake-up that found no thread waiting ends c2's
     * next wait, in leave, at once, and c2 leaves while c1 is still computing. Curator's main
     * branch still does this ({@code internalLeave}, the {@code children.size() == 1} case).
     */
    @Test
    void aSpuriousWakeupLetsADoubleBarrierLeaveWhileAnotherStillComputes() {
        assertFails(RUNNER.run(RunSpec.of("curator-double-barrier-wakeups", 21)), FailureKind.SAFETY_VIOLATION,
                "c2 LEAVE ok", "left while [c1] had entered and not yet started to leave");
    }

    /**
     * DistributedAtomicLong writes the new value on the version it read, and Curator's retry
     * repeats a write whose reply was lost. In seed 185 of curator-atomic-long the reply to
     * c2's write of 12 is dropped; Curator sends the same write again, which fails on the
     * version the first one changed, and the recipe takes that for another client's write: it
     * reads 12, writes 13 and reports 13 for one increment. Every release from 5.0.0 to 5.9.0
     * does this (the recipe does not use the framework's {@code idempotent()}, which has a flaw
     * of its own, below).
     */
    @Test
    void anAtomicLongCountsAnIncrementTwiceWhenAWritesReplyIsLost() {
        assertFails(RUNNER.run(RunSpec.of("curator-atomic-long", 185)), FailureKind.SAFETY_VIOLATION,
                "INCREMENT ok", "an increment counted more than once");
    }

    /**
     * Curator's {@code setData().idempotent()} treats a BadVersion as success whenever the node
     * now holds the bytes it meant to write one version later, on the first try too, although
     * its documentation speaks of a retry after a transient error. A compare-and-set on it
     * loses updates with no fault at all: in seed 8 of curator-idempotent-counter two nodes read
     * the same count and both write the next one; the second write fails on the version, and
     * both report the same count.
     */
    @Test
    void anIdempotentVersionedWriteTakesAnotherClientsWriteForItsOwn() {
        assertFails(RUNNER.run(RunSpec.of("curator-idempotent-counter", 8)), FailureKind.SAFETY_VIOLATION,
                "INCREMENT ok", "one of the two increments did not count");
    }

    /**
     * SharedCount's {@code trySetCount} writes on the version it saw, through Curator's retry
     * loop. Seed 1023 of curator-shared-count shrinks to one leader crash, with c5's write of
     * 29 in flight: the write counts, the connection is lost, and Curator sends the same write
     * again on the next connection, where it fails on the version it changed itself;
     * trySetCount says false, and the caller's loop, as the documentation shows it, adds one
     * more. Unshrunk, the seed's first double count is c2's.
     */
    @Test
    void aSharedCountCountsAnIncrementTwiceWhenAWriteMeetsAConnectionLoss() {
        assertFails(RUNNER.run(RunSpec.of("curator-shared-count", 1023)), FailureKind.SAFETY_VIOLATION,
                "c2 INCREMENT ok", "an increment counted more than once");
    }

    /**
     * SimpleDistributedQueue's {@code offer} is a sequential create through Curator's retry
     * loop. In seed 1043 of curator-simple-queue a partition cuts c2 off with its create of
     * c2-4 in flight: the create counts (c4 takes c2-4 at 2.78 s), c2's connection times out,
     * and Curator sends the create again once c2 reconnects, which makes a second node with
     * the same item; c4 takes it again at 10.02 s.
     */
    @Test
    void aSimpleDistributedQueueEnqueuesAnItemTwiceWhenACreateMeetsAConnectionLoss() {
        assertFails(RUNNER.run(RunSpec.of("curator-simple-queue", 1043)), FailureKind.SAFETY_VIOLATION,
                "item c2-4 was dequeued twice");
    }

    /**
     * Curator's service discovery registers its instances again on every reconnection
     * ({@code ServiceDiscoveryImpl.reRegisterServices}): a create, and on NodeExists a delete
     * and a second create. In seed 2079 of curator-service-registration (shrunk: c3's session
     * expired, then a leader crash) c1's session is lost and its new session's create meets
     * the old session's node, which the servers remove as they apply the old session's end;
     * the delete then meets NoNode, which {@code internalRegisterService} does not catch, the
     * connection listener logs it, and nothing registers c1 again while its session lives.
     * Every 5.x release has the code; 5.2.0 and 5.6.0 schedule the seed otherwise.
     */
    @Test
    void aServiceInstanceIsNotRegisteredAgainWhenItsOldNodeGoesDuringTheReRegistration() {
        assumeCuratorSchedulesTheSeedAsFiveNineDoes();
        assertFails(RUNNER.run(RunSpec.of("curator-service-registration", 2079)), FailureKind.LIVENESS_TIMEOUT,
                "c1 JOIN invoked", "/services/jobs/c1 (awaiting creation; the node does not exist)");
    }

    /**
     * SimpleDistributedQueue's take deletes the item it read and takes NoNode for another
     * consumer's claim. In seed 25 of curator-simple-queue-lost-deletes (shrunk: three
     * connections reset as a delete's reply is on its way) c2's delete of an item commits, its
     * connection is reset before the reply, Curator sends the delete again on the next
     * connection, meets NoNode, and the take goes on to the next item: the first is gone and
     * nobody took it.
     */
    @Test
    void aSimpleDistributedQueueLosesAnItemWhenATakesDeleteMeetsAConnectionLoss() {
        assertFails(RUNNER.run(RunSpec.of("curator-simple-queue-lost-deletes", 25)), FailureKind.SAFETY_VIOLATION,
                "acknowledged items were never dequeued");
    }

    /**
     * DistributedQueue with a lock path claims an item by creating an ephemeral lock node,
     * without protection. In seed 13 of curator-queue-lost-lock-creates (shrunk: four
     * connections reset as a create's reply is on its way) the one consumer's lock-node create
     * commits, its reply is lost, Curator's retry meets NodeExists, and the queue takes its own
     * node for another consumer's lock and goes on; the node stays with the consumer's live
     * session, so the item is never taken: at-least-once delivery breaks.
     */
    @Test
    void aQueueWithALockPathStrandsAnItemWhenALockNodesCreateMeetsAConnectionLoss() {
        assertFails(RUNNER.run(RunSpec.of("curator-queue-lost-lock-creates", 13)), FailureKind.SAFETY_VIOLATION,
                "(at least once", "acknowledged items were never dequeued");
    }

    /**
     * LeaderLatch checks its leadership by reading its node in the background and takes the
     * answer without asking whether that node is still its own ({@code checkLeadership}'s
     * callback). In seed 12 of curator-leader-latch-lost-replies (shrunk: four connections
     * reset as a create's reply is on its way) c2 reconnects, reads its node, and resets before
     * the answer comes: the reset deletes the node, the answer then makes c2 leader at 6.752 s,
     * the delete lets c1 lead at 6.815 s, and c2 hears it is not the leader only at 6.824 s.
     * The background read came with CURATOR-696's fix in 5.7.0; before, the check took the
     * lead at once.
     */
    @Test
    void aLeaderLatchLeadsOnANodeItHasAlreadyDeleted() {
        org.junit.jupiter.api.Assumptions.assumeTrue(curatorIsAtLeast(5, 7), "Curator 5.7 or later");
        assertFails(RUNNER.run(RunSpec.of("curator-leader-latch-lost-replies", 12)), FailureKind.SAFETY_VIOLATION,
                "single leader", "c1 was granted ELECTED", "while c2 held ELECTED");
    }

    /**
     * InterProcessSemaphoreV2 grants a lease and then releases its internal lock in a
     * {@code finally}; when that release fails, the exception leaves before the lease is
     * handed to the caller or returned. In seed 5 of curator-semaphore-lost-deletes (shrunk:
     * four connections reset as a delete's reply is on its way) c3's lease is created, the
     * internal lock's delete meets connection loss through every retry, the acquire fails, and
     * the lease stays with c3's live session: c3's next acquire waits behind it for good. The
     * same leak as an interrupt there (anInterruptedSemaphoreWaiterLeaksItsLease), with no
     * interrupt.
     */
    @Test
    void aSemaphoreLeaksALeaseWhenItsInternalLocksReleaseMeetsAConnectionLoss() {
        assertFails(RUNNER.run(RunSpec.of("curator-semaphore-lost-deletes", 5)), FailureKind.LIVENESS_TIMEOUT,
                "c3 ACQUIRE invoked", "ephemeral of session 0x100000000009382 of c3, which is live");
    }

    /**
     * GroupMember's view is a CuratorCache of the group. In seed 40 of
     * curator-group-member-lost-reads c2 joins again with a new GroupMember at 2.07 s; its
     * cache's first listing of the group (xid 31) and its retries (xids 32, 37, 43) meet
     * connection loss; after the reconnect the cache does not list the group again, because
     * the group node did not change, and c2's view stays [c2] while c1 lives.
     */
    @Test
    void aGroupMembersViewMissesAMemberWhenItsFirstListingFails() {
        assertFails(RUNNER.run(RunSpec.of("curator-group-member-lost-reads", 40)), FailureKind.LIVENESS_TIMEOUT,
                "c2 VIEW ok [c2]", "differs from the live members [c1, c2]");
    }

    /**
     * CuratorCache reloads the nodes it holds after a reconnect and tells its listener of a
     * change only when the data version differs. In seed 1013 of curator-cache the server c2 is
     * connected to crashes as k2 is deleted, so c2 never hears of the delete; k2 is created
     * again with new data before c2's persistent watch is back, and c2's reload reads it at
     * version 0, the version its cache held: the cache takes the new data in silently and the
     * listener keeps the old data to the end. PathChildrenCache had this flaw until CURATOR-391.
     */
    @Test
    void aCuratorCacheListenerMissesAChildDeletedAndCreatedAgainWhileTheReaderWasAway() {
        assertFails(RUNNER.run(RunSpec.of("curator-cache", 1013)), FailureKind.LIVENESS_TIMEOUT,
                "c2's listener was told", "k2: c1-5 instead of c1-11");
    }

    /**
     * Curator's service discovery inherits it: ServiceCache keeps its instances from the
     * events of a CuratorCache. In seed 1013 of curator-service-cache (a team's registry view,
     * ServiceRegistryView) the same server crash makes c2 miss k2's registration going and
     * coming back at version 0 with a new record: both what the view was told and what
     * getInstances() returns keep k2's old record to the end.
     */
    @Test
    void aServiceCacheKeepsAnInstancesOldRecordAfterItRegistersAgainWhileTheReaderWasAway() {
        assertFails(RUNNER.run(RunSpec.of("curator-service-cache", 1013)), FailureKind.LIVENESS_TIMEOUT,
                "c2's listener was told", "c2's cache held", "k2: k2/c1-5 instead of k2/c1-11");
    }

    /**
     * TreeCache watches a missing root with an exists watch, which a lost session takes with
     * it. In seed 1224 of curator-tree-cache c3 loads before the directory exists, and its
     * session expires; the reload on the new session finds the root missing again, but the root
     * is already marked dead, so TreeCache sets no new exists watch, and the directory made
     * later is never seen: c3's cache stays empty to the end.
     */
    @Test
    void aTreeCacheNeverSeesItsDirectoryAppearAfterALostSession() {
        assertFails(RUNNER.run(RunSpec.of("curator-tree-cache", 1224)), FailureKind.LIVENESS_TIMEOUT,
                "c3's listener was told {}", "c3's cache held {}");
    }

    /**
     * CURATOR-653, fixed in Curator 5.4.0: LeaderLatch's check of its position set leadership
     * when its node was first and left the flag alone when it was not. In seed 2001750 the
     * ensemble's leader crashes and c2 reconnects on its session with two creates in flight:
     * the new latch's create, which Curator retries, and the one its reset after the reconnect
     * sends. A listing made for the older node finds it first, and c2 leads; the newer create's
     * callback then deletes that node, and its own check finds the new node behind c1's and only
     * watches c1's. c1, told that c2's older node is gone, leads too, and c2 never stops. Read
     * from the run's trace; the fix sets leadership to false when the node is not first.
     */
    @Test
    void aLeaderLatchKeepsLeadingOnANodeItDeletedUnlessCurator653IsFixed() {
        assertUnsafeUnlessFixed(RUNNER.run(RunSpec.of("curator-leader-latch", 2001750)), curatorIsAtLeast(5, 4),
                "single leader", "while c2 held ELECTED");
    }

    /**
     * CURATOR-696, brought in by 5.4.0's fix of CURATOR-644 and fixed in 5.7.0: after a
     * reconnect LeaderLatch checks its position with the node it already had, even when the
     * reconnect is to a new session. In seed 2000051 the only server is paused, crashed and
     * restarted; Curator gives c2's session up on its own clock and opens a new one while the
     * server still holds the old session and its node. That node is first, so c2 leads on a
     * node of a session that is gone; when the server expires the old session the node goes,
     * c1 finds its own node first and leads, and nothing tells c2. 5.7.0 leads only on
     * a node whose ephemeral owner is the current session.
     */
    @Test
    void aLeaderLatchLeadsOnItsExpiredSessionsNodeInCurator54To56() {
        boolean affected = curatorIsAtLeast(5, 4) && !curatorIsAtLeast(5, 7);
        assertUnsafeUnlessFixed(RUNNER.run(RunSpec.of("curator-leader-latch", 2000051)), !affected,
                "single leader", "never stopped");
    }

    /**
     * CURATOR-724, brought in by 5.4.0 and fixed in 5.8.0: after a reconnect LeaderLatch lists
     * its parent and, from 5.4.0, ignores a NONODE answer, where its earlier reset created the
     * parent again. The parent is a container node, which the server deletes once it is empty.
     * In seed 24 of curator-leader-latch-expiries every candidate's session expires, their
     * nodes go, the server reaps the empty parent, and on their new sessions the candidates'
     * listings find no parent: nobody leads again. 5.8.0 resets on NONODE.
     */
    @Test
    void aLeaderLatchNeverLeadsAgainOnceTheServerReapsItsParentInCurator54To571() {
        boolean affected = curatorIsAtLeast(5, 4) && !curatorIsAtLeast(5, 8);
        assertFailsUnlessFixed(RUNNER.run(RunSpec.of("curator-leader-latch-expiries", 24)), !affected,
                FailureKind.LIVENESS_TIMEOUT, "no candidate led between the heal");
    }

    /**
     * Protection mode's recovery lists the parent without a sync. In seed 3 of curator-mutex
     * (shrunk to two clients on five servers), with a lag and a lost create reply as its only
     * faults, c1's lock-node create commits but its reply is lost; c1 reconnects to s3,
     * a follower that a lag holds behind that create and that rightly accepts c1 (its last
     * zxid is older than the create). {@code findProtectedNodeInForeground} lists the children
     * there, finds none with its protected id and creates a second node. The first one sorts
     * ahead of it, so c1 watches its own node, which lives as long as its session: the lock is
     * never acquired. Curator 5.9.0 and 5.2.0 alike; a sync before the listing would close it.
     */
    @Test
    void aProtectedCreateRecoveredOnALaggingFollowerWaitsForItsOwnNode() {
        RunOutcome outcome = runShrunk(LAGGING_FOLLOWER_LINE, "curator-mutex", "/curator/mutex");
        String message = message(outcome);
        assertEquals(FailureKind.LIVENESS_TIMEOUT, outcome.failureKind().orElseThrow(), message);
        assertTrue(message.contains("c1 ACQUIRE invoked"), message);
        assertTrue(message.contains("-lock-0000000002 (awaiting change or deletion; ephemeral of session"), message);
        assertTrue(message.contains("of c1, which is live"), message);
    }

    /**
     * The same listing without a sync in LeaderLatch: in seed 3 of curator-leader-latch, shrunk
     * to the same two faults, c1's latch node is created but its reply lost, the listing on the
     * lagging s3 misses it, and c1 creates again; its first node, an orphan of its live
     * session, stands ahead of everyone, and no candidate leads until the run ends. The line
     * was shrunk against 5.9.0; 5.2.0 schedules it otherwise (its seeds 7 and 14 under the
     * same plan, unshrunk, end the same way), so the test needs a newer Curator.
     */
    @Test
    void aLeaderLatchRecoveredOnALaggingFollowerLeavesNobodyLeading() {
        org.junit.jupiter.api.Assumptions.assumeTrue(curatorIsAtLeast(5, 3), "Curator 5.3 or later");
        RunOutcome outcome = runShrunk(LAGGING_FOLLOWER_LATCH_LINE, "curator-leader-latch", "/curator/latch");
        String message = message(outcome);
        assertEquals(FailureKind.LIVENESS_TIMEOUT, outcome.failureKind().orElseThrow(), message);
        assertTrue(message.contains("no candidate led between the heal"), message);
    }

    /**
     * Runs a shrunk line of this catalogue, after checking that its plan kept just the two
     * faults the lagging-follower bug needs: a lag of s3 and a lost reply to c1's create.
     */
    private static RunOutcome runShrunk(String line, String scenario, String createdUnder) {
        RunSpec shrunk = ReproLine.parse(line).spec().withScenario(scenario);
        assertEquals(FaultPlan.parse("at 300ms lag s3 for 8s; at 300ms drop-reply c1 on create " + createdUnder),
                shrunk.plan());
        return RUNNER.run(shrunk);
    }

    /** A known bug's seed: it passes where Curator has the fix, and is a safety violation that says so where not. */
    private static void assertUnsafeUnlessFixed(RunOutcome outcome, boolean fixed, String... saying) {
        assertFailsUnlessFixed(outcome, fixed, FailureKind.SAFETY_VIOLATION, saying);
    }

    /** A known bug's seed: it passes where Curator has the fix, and fails as {@code kind}, saying so, where not. */
    private static void assertFailsUnlessFixed(RunOutcome outcome, boolean fixed, FailureKind kind, String... saying) {
        if (fixed) {
            assertTrue(outcome.failure().isEmpty(), message(outcome));
        } else {
            assertFails(outcome, kind, saying);
        }
    }

    /** The run failed as {@code kind}, and its message says every fragment. */
    private static void assertFails(RunOutcome outcome, FailureKind kind, String... saying) {
        String message = message(outcome);
        assertEquals(kind, outcome.failureKind().orElseThrow(), message);
        for (String fragment : saying) {
            assertTrue(message.contains(fragment), message);
        }
    }

    /** Whether this Curator has CURATOR-621's fix, released in 5.5.0. */
    static boolean curator621IsFixed() {
        return curatorIsAtLeast(5, 5);
    }

    /** Whether this Curator has CURATOR-623's fix (the queue's cache follows the connection), released in 5.3.0. */
    private static boolean curator623IsFixed() {
        return curatorIsAtLeast(5, 3);
    }

    /**
     * Whether the Curator on the class path is this release or a later one, read from its
     * recipes jar's manifest: one test for every fix, including those that change only the
     * body of a method.
     */
    /**
     * Skips a test whose seed shows its flaw only on the releases that schedule it as 5.9.0
     * does: 5.3 and later, but for 5.6 (each test says what 5.2 and 5.6 do instead).
     */
    private static void assumeCuratorSchedulesTheSeedAsFiveNineDoes() {
        org.junit.jupiter.api.Assumptions.assumeTrue(curatorIsAtLeast(5, 3) && !curatorIs(5, 6),
                "Curator 5.3 or later, but not 5.6");
    }

    /** Whether the Curator on the class path is release {@code major.minor}, any patch. */
    static boolean curatorIs(int major, int minor) {
        return curatorIsAtLeast(major, minor) && !curatorIsAtLeast(major, minor + 1);
    }

    static boolean curatorIsAtLeast(int major, int minor) {
        String version = org.apache.curator.framework.recipes.leader.LeaderLatch.class.getPackage()
                .getImplementationVersion();
        String[] parts = java.util.Objects.requireNonNull(version, "no version in Curator's manifest").split("\\.");
        int actualMajor = Integer.parseInt(parts[0]);
        return actualMajor > major || (actualMajor == major && Integer.parseInt(parts[1]) >= minor);
    }

    private static String message(RunOutcome outcome) {
        return outcome.failure().map(SimulationFailure::getMessage).orElse("the seed passed");
    }
}

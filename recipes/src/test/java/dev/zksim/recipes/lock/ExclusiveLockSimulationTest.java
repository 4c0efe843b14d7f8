package dev.zksim.recipes.lock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.support.HolderState;
import dev.zksim.recipes.testing.HoldTracker;
import dev.zksim.recipes.testing.LockClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The exclusive lock and its variants on a simulated standalone ensemble, with and without faults. */
class ExclusiveLockSimulationTest {
    static final String DIR = "/locks/a";

    static final LockClient.Factory EXCLUSIVE = (zk, states, guid, listener) ->
            new ExclusiveLock(zk, states, DIR, guid, listener);
    static final LockClient.Factory LOCK_FILE = (zk, states, guid, listener) ->
            new LockFileLock(zk, states, DIR, guid, listener);
    static final LockClient.Factory LOWEST = (zk, states, guid, listener) ->
            new LowestWatchLock(zk, states, DIR, guid, listener);
    static final LockClient.Factory NO_RECHECK = (zk, states, guid, listener) ->
            new NoRecheckLock(zk, states, DIR, guid, listener);

    private final HoldTracker tracker = new HoldTracker();
    private Ensemble ensemble;
    private final List<LockClient> clients = new ArrayList<>();

    private void start(long seed, LockClient.Factory factory, int count, long hold, long think, int rounds) {
        ensemble = Ensemble.start(new SeededChoices(seed), EnsembleConfig.defaults(1));
        for (int i = 0; i < count; i++) {
            LockClient client = new LockClient(factory, tracker, false, Time.millis(500 + 10L * i), hold, think, rounds);
            clients.add(client);
            ensemble.addClient(client);
        }
    }

    /** Clients that only build the lock; the test drives them. The lock directory exists. */
    private void startManual(LockClient.Factory factory, int count) {
        start(7, factory, count, 0, 0, 0);
        ensemble.runFor(Time.seconds(1));
        await(clients.getFirst().zk().create("/locks", null, CreateMode.PERSISTENT));
        await(clients.getFirst().zk().create(DIR, null, CreateMode.PERSISTENT));
    }

    private <T> T await(CompletionStage<T> stage) {
        ensemble.runFor(Time.millis(200));
        CompletableFuture<T> future = stage.toCompletableFuture();
        assertThat(future).isDone();
        return future.join();
    }

    private LockClient client(int i) {
        return clients.get(i - 1);
    }

    private List<String> children() {
        return await(client(clients.size()).zk().getChildren(DIR, false)).stream().sorted().toList();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void fiveClientsTakeTurnsWithoutOverlapAndEveryOneFinishes(long seed) {
        start(seed, EXCLUSIVE, 5, Time.millis(300), Time.millis(100), 4);
        ensemble.runFor(Time.seconds(20));
        assertThat(tracker.violations()).isEmpty();
        for (LockClient client : clients) {
            assertThat(client.finished()).isEqualTo(4);
        }
        assertThat(tracker.intervals()).hasSize(20);
        assertThat(children()).isEmpty();
    }

    @Test
    void theHerdFreeLockWakesExactlyOneWaiterPerHandoff() {
        start(4, EXCLUSIVE, 5, Time.millis(500), Time.millis(100), 1);
        ensemble.runFor(Time.seconds(10));
        assertThat(tracker.violations()).isEmpty();
        assertThat(clients).allSatisfy(client -> assertThat(client.finished()).isEqualTo(1));
        // The first client never waits; each of the others is woken once, by its predecessor's release.
        assertThat(clients.stream().mapToLong(client -> client.lock().watchNotifications()).sum()).isEqualTo(4);
        assertThat(clients).allSatisfy(client -> assertThat(client.lock().watchNotifications()).isLessThanOrEqualTo(1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"lockfile", "lowest"})
    void theContrastLocksAreSafeButEveryReleaseWakesEveryWaiter(String variant) {
        start(4, variant.equals("lockfile") ? LOCK_FILE : LOWEST, 5, Time.millis(500), Time.millis(100), 1);
        ensemble.runFor(Time.seconds(10));
        assertThat(tracker.violations()).isEmpty();
        assertThat(clients).allSatisfy(client -> assertThat(client.finished()).isEqualTo(1));
        // Four releases wake 4, 3, 2 and 1 waiters: the herd effect. The lock file's losers of
        // each race are woken once more by the winner's create.
        long woken = clients.stream().mapToLong(client -> client.lock().watchNotifications()).sum();
        if (variant.equals("lowest")) {
            assertThat(woken).isEqualTo(10);
        } else {
            assertThat(woken).isGreaterThanOrEqualTo(10);
        }
    }

    @Test
    void aCrashedHoldersSessionExpiresAndTheNextWaiterAcquires() {
        start(5, EXCLUSIVE, 3, Time.seconds(60), Time.millis(100), 1);
        ensemble.runFor(Time.seconds(2));
        assertThat(tracker.holders()).containsExactly("c1");
        long crashAt = ensemble.simulation().now();
        ensemble.faults().crash("c1");
        tracker.stopped("c1", crashAt);
        ensemble.runFor(Time.seconds(5));
        assertThat(tracker.holders()).as("the session is still alive on the server").isEmpty();
        ensemble.runFor(Time.seconds(10));
        assertThat(tracker.holders()).containsExactly("c2");
        long grantedAt = client(2).reports().getLast().time();
        assertThat(grantedAt - crashAt).isBetween(Time.seconds(10), Time.seconds(13));
        assertThat(tracker.violations()).isEmpty();
    }

    @Test
    void aLostCreateReplyIsRecoveredByTheGuidAndLeavesNoOrphan() {
        startManual(EXCLUSIVE, 2);
        await(client(1).lock().acquire());
        assertThat(ensemble.faults().dropReply("c2")).isTrue();
        CompletionStage<Grant> second = client(2).lock().acquire();
        ensemble.runFor(Time.seconds(5));
        assertThat(children()).as("one node per client, the lost create adopted").hasSize(2);
        assertThat(children()).filteredOn(name -> name.startsWith("c2i1_1-lock-")).hasSize(1);
        assertThat(client(2).lock().state()).isEqualTo(HolderState.WAITING);
        await(client(1).lock().release());
        ensemble.runFor(Time.seconds(1));
        assertThat(second.toCompletableFuture()).isCompleted();
        assertThat(client(2).lock().state()).isEqualTo(HolderState.HELD);
        await(client(2).lock().release());
        assertThat(children()).as("no orphan stays behind").isEmpty();
        assertThat(tracker.violations()).isEmpty();
    }

    @Test
    void anExpiredWaiterIsLostAndTheQueueCloses() {
        startManual(EXCLUSIVE, 3);
        await(client(1).lock().acquire());
        client(2).lock().acquire();
        ensemble.runFor(Time.millis(200));
        CompletionStage<Grant> third = client(3).lock().acquire();
        ensemble.runFor(Time.millis(200));
        assertThat(ensemble.faults().expireSession("c2")).isTrue();
        ensemble.runFor(Time.seconds(2));
        assertThat(client(2).states(HolderState.LOST)).containsExactly(HolderState.LOST);
        assertThat(client(3).lock().state()).as("c3 re-listed and now waits for c1").isEqualTo(HolderState.WAITING);
        assertThat(tracker.holders()).containsExactly("c1");
        await(client(1).lock().release());
        ensemble.runFor(Time.millis(500));
        assertThat(third.toCompletableFuture()).isCompleted();
        assertThat(tracker.holders()).containsExactly("c3");
        assertThat(tracker.violations()).isEmpty();
    }

    @Test
    void theCanaryIsCaughtWhenAWaiterBetweenHolderAndItExpires() {
        startManual(NO_RECHECK, 3);
        await(client(1).lock().acquire());
        client(2).lock().acquire();
        ensemble.runFor(Time.millis(200));
        client(3).lock().acquire();
        ensemble.runFor(Time.millis(200));
        assertThat(ensemble.faults().expireSession("c2")).isTrue();
        ensemble.runFor(Time.seconds(2));
        assertThat(tracker.violations()).as("the broken lock must be caught").isNotEmpty();
        assertThat(tracker.violations().getFirst()).contains("c3 holds while c1");
    }

    @Test
    void aPartitionedHolderSuspendsBeforeItsLockCanBeTakenAndLearnsItLostIt() {
        start(6, EXCLUSIVE, 2, Time.seconds(60), Time.millis(100), 1);
        ensemble.runFor(Time.seconds(2));
        assertThat(tracker.holders()).containsExactly("c1");
        long cutAt = ensemble.simulation().now();
        ensemble.faults().partition(List.of(List.of("c1"), List.of("s1", "c2")));
        ensemble.runFor(Time.seconds(20));
        assertThat(tracker.holders()).containsExactly("c2");
        assertThat(client(1).states(HolderState.HELD, HolderState.SUSPENDED, HolderState.LOST))
                .containsExactly(HolderState.HELD, HolderState.SUSPENDED, HolderState.LOST);
        long suspendedAt = time(client(1), HolderState.SUSPENDED);
        long lostAt = time(client(1), HolderState.LOST);
        long takenAt = time(client(2), HolderState.HELD);
        // The holder stops acting at 2/3 of the 10 s timeout, long before the server expires it.
        assertThat(suspendedAt - cutAt).isLessThanOrEqualTo(Time.millis(6_700));
        assertThat(takenAt).isGreaterThan(suspendedAt);
        // It learns LOST only from its own timer, 4/3 of the timeout after it last heard from the
        // server (2/3 after SUSPENDED): the lock may be taken by then, but it stopped acting.
        assertThat(lostAt - suspendedAt).isBetween(Time.millis(6_600), Time.millis(6_700));
        assertThat(tracker.violations()).as("believed intervals end at SUSPENDED and never overlap").isEmpty();
        ensemble.faults().heal();
    }

    @Test
    void aShortDisconnectSuspendsAndThenResumesTheSameGrant() {
        start(8, EXCLUSIVE, 2, Time.seconds(60), Time.millis(100), 1);
        ensemble.runFor(Time.seconds(2));
        long token = client(1).lock().grant().orElseThrow().fencingToken();
        ensemble.faults().partition(List.of(List.of("c1"), List.of("s1", "c2")));
        ensemble.runFor(Time.seconds(7));
        assertThat(client(1).lock().state()).isEqualTo(HolderState.SUSPENDED);
        ensemble.faults().heal();
        ensemble.runFor(Time.seconds(3));
        assertThat(client(1).lock().state()).isEqualTo(HolderState.HELD);
        assertThat(client(1).lock().grant().orElseThrow().fencingToken()).isEqualTo(token);
        assertThat(client(2).lock().state()).isEqualTo(HolderState.WAITING);
        assertThat(tracker.violations()).isEmpty();
    }

    @Test
    void releasingBeforeTheGrantAbandonsTheAcquisitionAndItsNode() {
        startManual(EXCLUSIVE, 2);
        await(client(1).lock().acquire());
        CompletionStage<Grant> waiting = client(2).lock().acquire();
        ensemble.runFor(Time.millis(300));
        await(client(2).lock().release());
        assertThat(waiting.toCompletableFuture()).isCompletedExceptionally();
        assertThat(children()).hasSize(1);
        await(client(1).lock().release());
        assertThat(client(2).lock().state()).isEqualTo(HolderState.RELEASED);
        assertThat(children()).isEmpty();
    }

    private static long time(LockClient client, HolderState state) {
        return client.reports().stream().filter(report -> report.state() == state).findFirst().orElseThrow().time();
    }
}

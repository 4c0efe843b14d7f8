package dev.zksim.recipes.rwlock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.lock.Grant;
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

/** Readers and writers on a simulated ensemble: writers exclude everyone, readers share. */
class ReadWriteLockSimulationTest {
    static final String DIR = "/rw";

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void writersExcludeEveryoneAndReadersShare(long seed) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(seed), EnsembleConfig.defaults(1));
        HoldTracker tracker = new HoldTracker();
        List<LockClient> clients = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            boolean reader = i % 3 != 0;
            LockClient.Factory factory = (zk, states, guid, listener) -> {
                ReadWriteLock lock = new ReadWriteLock(zk, states, DIR, guid);
                return reader ? lock.readLock(listener) : lock.writeLock(listener);
            };
            LockClient client = new LockClient(factory, tracker, reader, Time.millis(500 + 20L * i),
                    Time.millis(reader ? 400 : 200), Time.millis(50 + 30L * i), 4);
            clients.add(client);
            ensemble.addClient(client);
        }
        ensemble.runFor(Time.seconds(30));
        assertThat(tracker.violations()).isEmpty();
        assertThat(clients).allSatisfy(client -> assertThat(client.finished()).isEqualTo(4));
        assertThat(readersOverlapped(tracker.intervals())).as("readers did hold together").isTrue();
    }

    @Test
    void aWritersOwnDuplicateBelowItsNodeIsAdoptedAndTheReaderBehindItGetsTheLock() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(7), EnsembleConfig.defaults(1));
        HoldTracker tracker = new HoldTracker();
        LockClient writer = new LockClient((zk, states, guid, listener) -> new ReadWriteLock(zk, states, DIR, guid)
                .writeLock(listener), tracker, false, 0, 0, 0, 0);
        LockClient reader = new LockClient((zk, states, guid, listener) -> new ReadWriteLock(zk, states, DIR, guid)
                .readLock(listener), tracker, true, 0, 0, 0, 0);
        ensemble.addClient(writer);
        ensemble.addClient(reader);
        ensemble.runFor(Time.seconds(1));
        await(ensemble, writer.zk().create(DIR, null, CreateMode.PERSISTENT));
        // The writer's create committed twice (a lost reply, a stale recovery listing): the lower copy first.
        String orphan = await(ensemble, writer.zk().create(DIR + "/c1i1w1_1-write-", null, CreateMode.EPHEMERAL_SEQUENTIAL));
        CompletionStage<Grant> read = reader.lock().acquire();
        ensemble.runFor(Time.millis(300));
        assertThat(reader.lock().state()).isEqualTo(HolderState.WAITING);
        Grant write = await(ensemble, writer.lock().acquire());
        assertThat(write.node()).isEqualTo(orphan);
        assertThat(children(ensemble, writer)).filteredOn(name -> name.startsWith("c1i1w1_1-")).hasSize(1);
        await(ensemble, writer.lock().release());
        ensemble.runFor(Time.millis(500));
        assertThat(read.toCompletableFuture()).isCompleted();
        await(ensemble, reader.lock().release());
        assertThat(children(ensemble, writer)).as("no node with either guid stays behind").isEmpty();
        assertThat(writer.states(HolderState.LOST)).isEmpty();
        assertThat(tracker.violations()).isEmpty();
    }

    private static <T> T await(Ensemble ensemble, CompletionStage<T> stage) {
        ensemble.runFor(Time.millis(300));
        CompletableFuture<T> future = stage.toCompletableFuture();
        assertThat(future).isDone();
        return future.join();
    }

    private static List<String> children(Ensemble ensemble, LockClient client) {
        return await(ensemble, client.zk().getChildren(DIR, false));
    }

    private static boolean readersOverlapped(List<HoldTracker.Interval> intervals) {
        for (HoldTracker.Interval a : intervals) {
            for (HoldTracker.Interval b : intervals) {
                if (a.shared() && b.shared() && !a.client().equals(b.client()) && a.from() < b.to() && b.from() < a.to()) {
                    return true;
                }
            }
        }
        return false;
    }
}

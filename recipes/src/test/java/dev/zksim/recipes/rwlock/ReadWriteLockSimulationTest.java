package dev.zksim.recipes.rwlock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.testing.HoldTracker;
import dev.zksim.recipes.testing.LockClient;
import java.util.ArrayList;
import java.util.List;
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

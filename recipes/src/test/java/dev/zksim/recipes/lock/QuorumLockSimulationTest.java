package dev.zksim.recipes.lock;

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

/** The exclusive lock on a three-server ensemble whose leader is killed mid-run. */
class QuorumLockSimulationTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2})
    void exclusionAndProgressSurviveTheLossOfTheZabLeader(long seed) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(seed), EnsembleConfig.defaults(3));
        HoldTracker tracker = new HoldTracker();
        List<LockClient> clients = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            LockClient client = new LockClient(ExclusiveLockSimulationTest.EXCLUSIVE, tracker, false,
                    Time.seconds(2) + Time.millis(30L * i), Time.millis(300), Time.millis(100), 5);
            clients.add(client);
            ensemble.addClient(client);
        }
        ensemble.runFor(Time.seconds(4));
        assertThat(tracker.intervals()).as("the lock was in use before the fault").isNotEmpty();
        assertThat(ensemble.faults().killLeader()).isTrue();
        ensemble.runFor(Time.seconds(40));
        assertThat(tracker.violations()).isEmpty();
        assertThat(clients).allSatisfy(client -> assertThat(client.finished()).isEqualTo(5));
    }
}

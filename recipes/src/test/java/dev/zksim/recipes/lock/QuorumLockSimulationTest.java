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
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The exclusive lock on a three-server ensemble whose leader is killed mid-run. */
class QuorumLockSimulationTest {

    @Disabled("sim-core quorum mode as merged at 5533571: with seed 1 the ensemble self-check reports s1 and s3 "
            + "diverging at zxid 0xc at 3.0 s, and with seed 2 there is no Zab leader to kill at 4 s; re-enable once fixed")
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

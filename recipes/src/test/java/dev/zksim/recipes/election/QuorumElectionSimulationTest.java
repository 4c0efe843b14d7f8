package dev.zksim.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.ensemble.ClientProgram;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.recipes.testing.HoldTracker;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The election on three servers: a Zab leader's death must not change the recipe's leader. */
class QuorumElectionSimulationTest {

    @Test
    void theRecipesLeaderSurvivesAZabElectionAndAClientCrashStillHandsOver() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(3), EnsembleConfig.defaults(3));
        HoldTracker tracker = new HoldTracker();
        List<LeaderElection> elections = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long delay = Time.seconds(2) + Time.millis(50L * i);
            ensemble.addClient(new ClientProgram() {
                private final ConnectionStates states = new ConnectionStates();

                @Override
                public void started(ClientContext context, ZooKeeperClient zk) {
                    LeaderElection election = new LeaderElection(zk, states, "/e", context.id(), state -> {
                        if (state instanceof ElectionState.Leading leading) {
                            tracker.held(context.id(), false, context.now(), leading.epoch());
                        } else {
                            tracker.stopped(context.id(), context.now());
                        }
                    });
                    elections.add(election);
                    context.schedule(delay, election::start);
                }

                @Override
                public void process(WatchedEvent event) {
                    states.process(event);
                }
            });
        }
        ensemble.runFor(Time.seconds(5));
        assertThat(tracker.holders()).containsExactly("c1");
        assertThat(ensemble.faults().killLeader()).isTrue();
        ensemble.runFor(Time.seconds(20));
        assertThat(tracker.holders()).as("sessions survive a Zab election").containsExactly("c1");
        tracker.stopped("c1", ensemble.simulation().now());
        ensemble.faults().crash("c1");
        ensemble.runFor(Time.seconds(20));
        assertThat(tracker.holders()).containsExactly("c2");
        assertThat(tracker.violations()).isEmpty();
    }
}

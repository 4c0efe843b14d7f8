package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * mixed-leader-config seed 9200264, found by a soak: a candidate's protected create committed,
 * but its server crashed before the reply left. The client reconnected to a follower that a
 * lag fault held behind that create, and its listing, which should have found the node by its
 * guid, did not: the client's last zxid was older than the create, so the follower rightly
 * served it. The recipe created a second node, watched its own first one as its predecessor,
 * and the election stalled behind it for the rest of the run. ProtectedCreate now syncs before
 * it lists.
 */
class StaleListingRegressionTest {

    @Test
    void aProtectedCreateFindsItsNodeOnALaggingFollower() {
        RunOutcome outcome = new ScenarioRunner(Catalog.standard()).run(RunSpec.of("mixed-leader-config", 9200264));
        assertThat(outcome.failure()).as(outcome.plan().toString()).isEmpty();
    }
}

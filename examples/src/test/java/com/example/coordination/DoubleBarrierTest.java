package com.example.coordination;

import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/**
 * The team's double barrier under zksim's faults, and proof that zksim catches a leave that does not
 * wait.
 */
class DoubleBarrierTest {
    private static final ScenarioCatalog CATALOG = new ExampleScenarios().catalog();

    @SimulationProperty(seeds = 300, determinismEvery = 4)
    void nobodyComputesEarlyOrLeavesWhileAnotherComputes(Seeds seeds) {
        seeds.check(CATALOG, "example-double-barrier");
    }

    /**
     * Seed 105002447, found by a soak: c1 crashed during its first enter and came back within
     * its session timeout. Its new incarnation counted its own old node, still alive, as the
     * second participant and went in while c2 was cut off and had not arrived. The barrier now
     * counts participants, not nodes.
     */
    @Test
    void aRestartedParticipantDoesNotCountItsOldNode() {
        new Seeds(105_002_447L, 1).check(CATALOG, "example-double-barrier");
    }

    /**
     * Seed 110013918, found by a soak: c2's session expired on the client's clock, and its new
     * session's create found the old session's node, which it took for its own lost reply. The
     * servers then expired the old session and deleted that node, and c2 waited with no node at
     * all, holding everyone back. A node of another session is now waited out and created again.
     */
    @Test
    void aParticipantDoesNotAdoptTheNodeOfItsOldSession() {
        new Seeds(110_013_918L, 1).check(CATALOG, "example-double-barrier");
    }

    @Test
    void aLeaveThatDoesNotWaitIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "example-broken-double-barrier");
    }
}

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

    @Test
    void aLeaveThatDoesNotWaitIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "example-broken-double-barrier");
    }
}

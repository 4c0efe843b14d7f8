package com.example.coordination;

import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/**
 * The team's barrier under zksim's faults, and proof that zksim catches a waiter that takes a
 * connection event for the lift.
 */
class BarrierTest {
    private static final ScenarioCatalog CATALOG = new ExampleScenarios().catalog();

    @SimulationProperty(seeds = 300, determinismEvery = 4)
    void nobodyPassesBeforeTheLift(Seeds seeds) {
        seeds.check(CATALOG, "example-barrier");
    }

    @Test
    void aWaiterThatTrustsAnyEventIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "example-broken-barrier");
    }
}

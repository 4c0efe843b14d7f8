package com.example.coordination;

import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/**
 * The team's FIFO queue (exactly once) under zksim's faults, and proof that zksim catches sorting by
 * name.
 */
class FifoQueueTest {
    private static final ScenarioCatalog CATALOG = new ExampleScenarios().catalog();

    @SimulationProperty(seeds = 300, determinismEvery = 4)
    void itemsAreTakenOnceInOrderAndNoneIsLost(Seeds seeds) {
        seeds.check(CATALOG, "example-fifo-queue");
    }

    @Test
    void aQueueSortingItemsByNameIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "example-broken-fifo-queue");
    }
}

package com.example.coordination;

import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/**
 * The team's priority queue (at least once) under zksim's faults, and proof that zksim catches
 * priorities read backwards.
 */
class PriorityQueueTest {
    private static final ScenarioCatalog CATALOG = new ExampleScenarios().catalog();

    @SimulationProperty(seeds = 300, determinismEvery = 4)
    void urgentItemsComeFirstAndNoneIsLost(Seeds seeds) {
        seeds.check(CATALOG, "example-priority-queue");
    }

    @Test
    void aQueueReadingPrioritiesBackwardsIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "example-broken-priority-queue");
    }
}

package com.example.coordination;

import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/** The team's semaphore under zksim's faults, and proof that zksim catches ranking by unsorted children. */
class SemaphoreTest {
    private static final ScenarioCatalog CATALOG = new ExampleScenarios().catalog();

    @SimulationProperty(seeds = 300, determinismEvery = 4)
    void atMostNHoldLeasesAndNoLeaseLeaks(Seeds seeds) {
        seeds.check(CATALOG, "example-semaphore");
    }

    @Test
    void aSemaphoreRankingUnsortedChildrenIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "example-broken-semaphore");
    }
}

package com.example.coordination;

import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/** The team's lock under zksim's faults, and proof that zksim catches the broken variant. */
class SimpleLockTest {
    private static final ScenarioCatalog CATALOG = new ExampleScenarios().catalog();

    @SimulationProperty(seeds = 200)
    void theLockIsSafeAndLive(Seeds seeds) {
        seeds.check(CATALOG, "example-lock");
    }

    @Test
    void theLockWithoutItsRecheckIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "example-broken-lock");
    }
}

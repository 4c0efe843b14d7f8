package com.example.coordination;

import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/** The team's election under zksim's faults, and proof that zksim catches the broken variant. */
class SimpleElectionTest {
    private static final ScenarioCatalog CATALOG = new ExampleScenarios().catalog();

    @SimulationProperty(seeds = 200)
    void thereIsOneLeaderAtATimeAndOneAfterTheHeal(Seeds seeds) {
        seeds.check(CATALOG, "example-election");
    }

    @Test
    void theElectionWithoutItsRecheckIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "example-broken-election");
    }
}

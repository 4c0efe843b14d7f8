package com.example.coordination;

import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/**
 * The team's watched configuration under zksim's faults, and proof that zksim catches a reader that
 * falls back to defaults on Expired.
 */
class ConfigTest {
    private static final ScenarioCatalog CATALOG = new ExampleScenarios().catalog();

    @SimulationProperty(seeds = 300, determinismEvery = 4)
    void readersNeverRegressAndConverge(Seeds seeds) {
        seeds.check(CATALOG, "example-config");
    }

    @Test
    void aReaderFallingBackToDefaultsOnExpiredIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "example-broken-config");
    }
}

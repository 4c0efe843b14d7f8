package com.example.coordination;

import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/**
 * The team's id allocator as a custom program with its own checker, and proof that the checker catches
 * a write without compare-and-set.
 */
class IdAllocatorTest {
    private static final ScenarioCatalog CATALOG = new ExampleScenarios().catalog();

    @SimulationProperty(seeds = 500, determinismEvery = 4)
    void noIdIsHandedOutTwice(Seeds seeds) {
        seeds.check(CATALOG, "example-ids");
    }

    @Test
    void anAllocatorWithoutCompareAndSetIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "example-broken-ids");
    }
}

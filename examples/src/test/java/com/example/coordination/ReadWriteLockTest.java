package com.example.coordination;

import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/** The team's read/write lock under zksim's faults, and proof that zksim catches the broken reader. */
class ReadWriteLockTest {
    private static final ScenarioCatalog CATALOG = new ExampleScenarios().catalog();

    @SimulationProperty(seeds = 300, determinismEvery = 4)
    void readersShareAndWritersExcludeEveryone(Seeds seeds) {
        seeds.check(CATALOG, "example-rwlock");
    }

    @Test
    void readersThatTrustTheReaderBeforeThemAreCaught() {
        Canary.expectSafetyViolation(CATALOG, "example-broken-rwlock");
    }
}

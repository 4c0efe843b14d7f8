package com.example.coordination;

import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/**
 * The team's lock while sessions expire and clients build new ones with the same lock object, and
 * proof that zksim catches a lock that trusts a reconnect to a new session.
 */
class LockAfterExpiryTest {
    private static final ScenarioCatalog CATALOG = new ExampleScenarios().catalog();

    @SimulationProperty(seeds = 300, determinismEvery = 4)
    void theLockStaysExclusiveAcrossNewSessions(Seeds seeds) {
        seeds.check(CATALOG, "example-lock-after-expiry");
    }

    @Test
    void aLockTakingExpiredForADisconnectIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "example-broken-lock-after-expiry");
    }
}

package com.example.official;

import com.example.coordination.Canary;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/**
 * The official-client lock and election under zksim's faults, and proof that zksim catches
 * each broken variant with a reproduce line that {@code ./zksim test} replays from the
 * command line.
 */
class OfficialRecipesTest {
    private static final ScenarioCatalog CATALOG = new OfficialScenarios().catalog();

    @SimulationProperty(seeds = 200)
    void theBlockingLockIsSafeAndLive(Seeds seeds) {
        seeds.check(CATALOG, "official-lock");
    }

    @SimulationProperty(seeds = 200)
    void theCallbackElectionHasOneLeaderAtATime(Seeds seeds) {
        seeds.check(CATALOG, "official-election");
    }

    @Test
    void theLockWithoutItsRecheckIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "official-broken-lock");
    }

    @Test
    void theElectionWithoutItsRecheckIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "official-broken-election");
    }
}

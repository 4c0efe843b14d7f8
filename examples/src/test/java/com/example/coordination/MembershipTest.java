package com.example.coordination;

import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/**
 * The team's group membership under zksim's faults, and proof that zksim catches a join guard that
 * outlives its session (a bug only a new session shows; the membership checks are liveness checks).
 */
class MembershipTest {
    private static final ScenarioCatalog CATALOG = new ExampleScenarios().catalog();

    @SimulationProperty(seeds = 300, determinismEvery = 4)
    void everyLiveMembersViewConverges(Seeds seeds) {
        seeds.check(CATALOG, "example-membership");
    }

    @Test
    void aMemberThatRemembersJoiningAcrossSessionsIsCaught() {
        Canary.expectLivenessTimeout(CATALOG, "example-broken-membership");
    }
}

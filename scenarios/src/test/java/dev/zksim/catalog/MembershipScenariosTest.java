package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;

/**
 * zksim's membership passes the testkit's membership scenario, sessions renewed after expiry
 * included, and a member that does not really rejoin after a new session is caught by the
 * check of the members' own views.
 */
class MembershipScenariosTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    @SimulationProperty(seeds = 200)
    void theMembershipRecipePasses(Seeds seeds) {
        seeds.check(CATALOG, "membership");
    }

    @SimulationProperty(seeds = 5)
    void aMemberThatDoesNotRejoinAfterANewSessionIsCaught(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-membership-stale-rejoin");
        assertThat(caught.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("differs from the live members");
    }

    @SimulationProperty(seeds = 200)
    void partitionsClaimedThroughNodesNeverHaveTwoOwners(Seeds seeds) {
        seeds.check(CATALOG, "membership-partitions");
    }

    @SimulationProperty(seeds = 20)
    void membersThatOwnWhatTheirViewAssignsThemAreCaught(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-membership-view-assigned");
        assertThat(caught.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("partition ownership of partition");
    }
}

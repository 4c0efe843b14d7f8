package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;

/**
 * zksim's double barrier passes the testkit's scenario, sessions renewed after expiry
 * included, and a participant that counts one too few is caught entering early: a safety
 * violation, not a timeout.
 */
class DoubleBarrierScenariosTest {

    private static final ScenarioCatalog CATALOG = Catalog.standard();

    @SimulationProperty(seeds = 200)
    void theDoubleBarrierPasses(Seeds seeds) {
        seeds.check(CATALOG, "double-barrier");
    }

    @SimulationProperty(seeds = 5)
    void aParticipantThatCountsOneTooFewEntersEarly(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-double-barrier-one-short");
        assertThat(caught.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
    }
}

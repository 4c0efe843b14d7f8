package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;

/**
 * zksim's simple barrier passes the testkit's barrier scenario, and a waiter whose timeout
 * lets it through is caught as a safety violation (passing early), not as a timeout.
 */
class BarrierScenariosTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    @SimulationProperty(seeds = 200)
    void theBarrierRecipePasses(Seeds seeds) {
        seeds.check(CATALOG, "barrier");
    }

    @SimulationProperty(seeds = 20)
    void aWaiterThatProceedsWhenItsPatienceRunsOutPassesEarly(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-barrier-impatient");
        assertThat(caught.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("passed the barrier before it was lifted");
    }
}

package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;

/**
 * zksim's watched configuration passes the testkit's configuration scenario, sessions renewed
 * after expiry included, and a reader that does not follow its new session is caught by the
 * convergence check.
 */
class ConfigScenariosTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    @SimulationProperty(seeds = 200)
    void theConfigurationRecipePasses(Seeds seeds) {
        seeds.check(CATALOG, "configuration");
    }

    @SimulationProperty(seeds = 5)
    void aReaderThatDoesNotRestartAfterANewSessionNeverConverges(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-config-start-once");
        assertThat(caught.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("converge");
    }
}

package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;

/**
 * zksim's directory cache passes the testkit's cache scenario, and a cache that judges a change
 * by the version alone is caught when a child comes back at the version it had.
 */
class CacheScenariosTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    @SimulationProperty(seeds = 200)
    void theDirectoryCachePasses(Seeds seeds) {
        seeds.check(CATALOG, "cache");
    }

    @SimulationProperty(seeds = 60)
    void aCacheThatJudgesChangesByVersionMissesAChildMadeAgain(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-cache-by-version");
        assertThat(caught.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("listener was told");
    }
}

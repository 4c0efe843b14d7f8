package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;

/**
 * The lease semaphore passes its testkit scenario, and each canary is caught by the checker
 * meant for it: the over-counting rule by the at-most-N check, the persistent leases by the
 * probes that find a leaked lease.
 */
class SemaphoreScenariosTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    @SimulationProperty(seeds = 200)
    void theLeaseSemaphorePasses(Seeds seeds) {
        seeds.check(CATALOG, "semaphore");
    }

    @SimulationProperty(seeds = 5)
    void theOverCountingSemaphoreAdmitsOneHolderTooMany(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-semaphore-over-count");
        assertThat(caught.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("lease holders");
    }

    @SimulationProperty(seeds = 5)
    void theLeakySemaphoreLeaksACrashedHoldersLease(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-semaphore-leaky");
        assertThat(caught.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        // Who holds what: the lease folder's children, and that no session owns them (the leak).
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("made no progress")
                .contains("children of /semaphore: ").contains("(all persistent: no session owns them");
        assertThat(caught.describe()).contains("reproduce: ./zksim replay zksim4:canary-semaphore-leaky");
    }
}

package dev.zksim.workload;

import dev.zksim.catalog.Catalog;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;

/**
 * Seeded sweeps of the simulated ensemble under random faults with the self-checks on:
 * every seed must settle, and every seed runs twice for the determinism check. Raise the
 * count with -Dzksim.seeds=N for a longer soak.
 */
class EnsembleSweepTest {

    @SimulationProperty(seeds = 300)
    void theEnsembleSurvivesRandomOperationsUnderRandomFaults(Seeds seeds) {
        seeds.check(Catalog.standard(), "ensemble-random-ops");
    }
}

package dev.zksim.catalog;

import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;

/**
 * One property test per catalogue scenario: every seed runs twice (the determinism check)
 * with the ensemble self-checks on, and must pass every checker; a failure is shrunk and
 * reported with its reproduce line. Seeds that once failed because of the ensemble or a
 * recipe are pinned in {@link KnownEnsembleBugsTest} and {@link RecipeFindingsTest}. Counts:
 * the whole class takes well under three minutes on two cores; the lock scenarios get the
 * most seeds. Raise them with -Dzksim.seeds=N for a soak.
 */
class CatalogPropertiesTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    @SimulationProperty(seeds = 400)
    void lockBasic(Seeds seeds) {
        seeds.check(CATALOG, "lock-basic");
    }

    @SimulationProperty(seeds = 300)
    void lockLeaderCrash(Seeds seeds) {
        seeds.check(CATALOG, "lock-leader-crash");
    }

    @SimulationProperty(seeds = 400)
    void lockStandard(Seeds seeds) {
        seeds.check(CATALOG, "lock-standard");
    }

    @SimulationProperty(seeds = 300)
    void lockPausedHolder(Seeds seeds) {
        seeds.check(CATALOG, "lock-paused-holder");
    }

    @SimulationProperty(seeds = 300)
    void fifoQueue(Seeds seeds) {
        seeds.check(CATALOG, "fifo-queue");
    }

    @SimulationProperty(seeds = 300)
    void priorityQueue(Seeds seeds) {
        seeds.check(CATALOG, "priority-queue");
    }

    @SimulationProperty(seeds = 300)
    void election(Seeds seeds) {
        seeds.check(CATALOG, "election");
    }

    @SimulationProperty(seeds = 300)
    void readWriteLock(Seeds seeds) {
        seeds.check(CATALOG, "rwlock");
    }

    @SimulationProperty(seeds = 300)
    void revocableLock(Seeds seeds) {
        seeds.check(CATALOG, "revocable-lock");
    }

    @SimulationProperty(seeds = 300)
    void barrier(Seeds seeds) {
        seeds.check(CATALOG, "barrier");
    }

    @SimulationProperty(seeds = 300)
    void twoPhaseCommit(Seeds seeds) {
        seeds.check(CATALOG, "two-phase-commit");
    }

    @SimulationProperty(seeds = 300)
    void configuration(Seeds seeds) {
        seeds.check(CATALOG, "configuration");
    }

    @SimulationProperty(seeds = 300)
    void doubleBarrier(Seeds seeds) {
        seeds.check(CATALOG, "double-barrier");
    }

    @SimulationProperty(seeds = 300)
    void membership(Seeds seeds) {
        seeds.check(CATALOG, "membership");
    }

    @SimulationProperty(seeds = 300)
    void rendezvous(Seeds seeds) {
        seeds.check(CATALOG, "rendezvous");
    }

    @SimulationProperty(seeds = 300)
    void naming(Seeds seeds) {
        seeds.check(CATALOG, "naming");
    }

    @SimulationProperty(seeds = 300)
    void mixedLeaderPublishesConfig(Seeds seeds) {
        seeds.check(CATALOG, "mixed-leader-config");
    }

    @SimulationProperty(seeds = 300)
    void mixedLockHoldersEnqueue(Seeds seeds) {
        seeds.check(CATALOG, "mixed-lock-queue");
    }
}

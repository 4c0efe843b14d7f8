package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seeds where the catalogue caught a recipe rather than the ensemble. Election 298: a
 * candidate's takeover multi commits, its session then expires on the servers, and the
 * late reply still makes it report LEADING for a moment while the next candidate already
 * leads; believed single leadership breaks for that instant (the epoch still fences it).
 * Kept disabled until LeaderElection re-checks its own node before reporting LEADING.
 */
class RecipeFindingsTest {

    @Disabled("recipes: LeaderElection reports LEADING from a takeover reply that arrives after its session expired")
    @ParameterizedTest
    @CsvSource({"election, 298"})
    void theseSeedsPass(String scenario, long seed) {
        RunOutcome outcome = new ScenarioRunner(Catalog.standard()).run(RunSpec.of(scenario, seed));
        assertThat(outcome.failure()).isEmpty();
    }
}

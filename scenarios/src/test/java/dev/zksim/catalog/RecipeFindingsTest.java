package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Regression seeds where the catalogue caught a recipe rather than the ensemble. Election
 * 298: a candidate's takeover multi committed, its session then expired on the servers, and
 * the late reply made it report LEADING while the next candidate already led. LeaderElection
 * now confirms its own node with one more round trip before it reports LEADING. Lock-basic
 * 755 and 819 and mixed-leader-config 596: the nemesis expired a connected holder's session,
 * which the holder cannot see until its connection closes; the run now records the session
 * as lost at the fault, so the believed checks judge only what the client could know.
 */
class RecipeFindingsTest {

    @ParameterizedTest
    @CsvSource({"election, 298", "lock-basic, 755", "lock-basic, 819", "mixed-leader-config, 596"})
    void theseSeedsPass(String scenario, long seed) {
        RunOutcome outcome = new ScenarioRunner(Catalog.standard()).run(RunSpec.of(scenario, seed));
        assertThat(outcome.failure()).isEmpty();
    }
}

package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.testkit.Testkit;
import org.junit.jupiter.api.Test;

/**
 * The testkit's election with one to four candidates, seed 120000316, found by a soak of the
 * testkit's knobs: the only candidate lost its candidacy when its node went with an expired
 * session, entered again at once on a session that was itself about to expire, and lost that
 * candidacy too before it had reported anything else. LeaderElection reported only changes of
 * state, so the second Lost, equal to the first, went unheard; the candidate never entered
 * again and nobody led for the rest of the run. The end of every candidacy is now told.
 */
class LostAgainRegressionTest {
    private static final ScenarioCatalog ONE_OR_MORE = new ScenarioCatalog().add(
            Testkit.election("election-one-or-more", ElectionScenarios.RECIPE).candidates(1, 4).build());

    @Test
    void aCandidacyLostRightAfterALostOneIsReported() {
        RunOutcome outcome = new ScenarioRunner(ONE_OR_MORE).run(RunSpec.of("election-one-or-more", 120000316));
        assertThat(outcome.failure()).as(outcome.plan().toString()).isEmpty();
    }
}

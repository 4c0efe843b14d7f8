package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.Time;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.recipes.election.LeaderElection;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.testkit.ElectionUnderTest;
import dev.zksim.testkit.Testkit;
import java.util.concurrent.CompletionStage;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Issue 25, item 4: election candidates that close and enter again while their create is in
 * flight. zksim's election passes with every candidate doing it; an election that forgets a
 * candidacy closed before its node existed is caught, and passes without the step.
 */
class ElectionRejoinTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    private static final ScenarioCatalog ALWAYS_REJOINING = new ScenarioCatalog().add(
            Testkit.election("election-rejoining", ElectionScenarios.RECIPE)
                    .rejoins(1, 1, Time.millis(1), Time.millis(20)).build());

    private static final ScenarioCatalog CANARY_WITHOUT_REJOINS = new ScenarioCatalog().add(
            Testkit.election("forgets-candidacy-no-rejoins", ElectionScenarios.FORGETS_CANDIDACY_IN_FLIGHT)
                    .noRejoins().build());

    @SimulationProperty(seeds = 150)
    void theElectionPassesWhenEveryCandidateClosesAndEntersAgainRightAway(Seeds seeds) {
        seeds.check(ALWAYS_REJOINING, "election-rejoining");
    }

    /** Seed 0 of the catalogue's canary already fails: nobody anyone hears from leads after the heal. */
    @SimulationProperty(seeds = 5)
    void anElectionThatForgetsACandidacyClosedInFlightLeavesNoLeader(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-election-forgets-candidacy");
        assertThat(caught.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("no candidate led");
    }

    @SimulationProperty(seeds = 100)
    void theSameElectionPassesWhenNobodyClosesRightAfterEntering(Seeds seeds) {
        seeds.check(CANARY_WITHOUT_REJOINS, "forgets-candidacy-no-rejoins");
    }

    /** The step lands where it must: many closes come before the candidacy's node is known. */
    @Test
    void closesComeWhileTheCreateIsInFlight() {
        int[] closes = new int[2];
        ElectionUnderTest.Factory counting = (client, events) -> {
            LeaderElection election = new LeaderElection(client.zk(), client.connection(), "/election",
                    client.uniqueName(), ElectionScenarios.listener(events));
            return new ElectionUnderTest() {
                @Override
                public void start() {
                    election.start();
                }

                @Override
                public CompletionStage<Void> stop() {
                    closes[election.node().isEmpty() ? 0 : 1]++;
                    return election.stop();
                }
            };
        };
        ScenarioRunner runner = new ScenarioRunner(new ScenarioCatalog().add(Testkit.election("counted", counting)
                .rejoins(1, 1, Time.millis(1), Time.millis(20)).build()));
        LongStream.range(0, 20).forEach(seed -> assertThat(runner.run(RunSpec.of("counted", seed)).failure()).isEmpty());
        assertThat(closes[0]).as("closes before the node was known").isGreaterThanOrEqualTo(20);
    }
}

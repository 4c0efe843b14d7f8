package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * membership-partitions seed 834: a member's claim create, proposed by a leader that then lost
 * its quorum, was committed about ten seconds later by the next leader, after the member had
 * read that the node was not there and stopped wanting the partition. The member's session then
 * held a claim nobody here knew of; two members each waited for the other's stray claim, and
 * two partitions stayed without an owner. PartitionClaims now watches an in-doubt create until
 * it lands and gives it back.
 */
class LateCreateRegressionTest {

    @Test
    void aClaimCreateThatLandsLateIsGivenBack() {
        RunOutcome outcome = new ScenarioRunner(Catalog.standard()).run(RunSpec.of("membership-partitions", 834));
        assertThat(outcome.failure()).as(outcome.plan().toString()).isEmpty();
    }
}

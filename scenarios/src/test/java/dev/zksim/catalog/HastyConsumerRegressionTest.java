package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.Time;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.testkit.Testkit;
import org.junit.jupiter.api.Test;

/**
 * The testkit's FIFO queue with consumers that give takes up after 5 to 200 ms, seed
 * 122001166, found by a soak of the testkit's knobs: on a wide-area network each read took
 * some 25 ms, and the consumers gave every take up after 8 ms, so four acknowledged items
 * stayed in the queue for the rest of the run and the drained check blamed a correct queue
 * for losing them. Consumers now wait as long as a take needs from the heal on.
 */
class HastyConsumerRegressionTest {
    private static final ScenarioCatalog IMPATIENT = new ScenarioCatalog().add(
            Testkit.fifoQueue("fifo-impatient", RecipeQueues.fifo()).consumers(2, 4)
                    .giveUps(1, 2, Time.millis(5), Time.millis(200)).build());

    @Test
    void itemsLeftByConsumersTooHastyToTakeAreDrainedAfterTheHeal() {
        RunOutcome outcome = new ScenarioRunner(IMPATIENT).run(RunSpec.of("fifo-impatient", 122001166));
        assertThat(outcome.plan().toString()).isEqualTo("no faults");
        assertThat(outcome.failure()).as(outcome.plan().toString()).isEmpty();
    }
}

package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seeds a soak of 320,000 fresh seeds found failing a correct recipe because of the catalogue's
 * own workload or adapter code, each fixed by rule:
 * <ul>
 *   <li>rwlock 102003028 and 102004842: a writer crashed while it held the read side it had
 *       downgraded to. The restarted process's first hold then ended by releasing that read
 *       side, through the crashed incarnation's client, instead of its own write side; the
 *       release never completed and the write side was never let go. A new incarnation now
 *       forgets the old one's downgrade.
 *   <li>locking-queue 102004471: a consumer's first take could not create the queue's lock
 *       node while the client stayed cut off, yet its handle counted the nodes as made, so
 *       every later take failed with NoNode and six acknowledged items were never taken. The
 *       handle now ensures the nodes until that succeeds once.
 * </ul>
 */
class SoakFoundAdapterRegressionTest {

    @ParameterizedTest(name = "{0} seed {1}")
    @CsvSource({"rwlock, 102003028", "rwlock, 102004842", "locking-queue, 102004471"})
    void theSeedPasses(String scenario, long seed) {
        RunOutcome outcome = new ScenarioRunner(Catalog.standard()).run(RunSpec.of(scenario, seed));
        assertThat(outcome.failure()).as(outcome.plan().toString()).isEmpty();
    }
}

package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeds of lock-standard in which a session expiry deleted a client's own lock node: the
 * owner's watch on its node fired and it cleaned up, which the watch tap once counted as the
 * owner being woken by the deletion, next to the one real waiter ("woke [c1, c9]").
 */
class HerdAttributionTest {

    @ParameterizedTest
    @ValueSource(longs = {28, 32})
    void anOwnerHearingItsOwnNodeDeletedIsNotAWokenWaiter(long seed) {
        RunOutcome outcome = new ScenarioRunner(Catalog.standard()).run(RunSpec.of("lock-standard", seed));
        assertThat(outcome.failure()).isEmpty();
    }
}

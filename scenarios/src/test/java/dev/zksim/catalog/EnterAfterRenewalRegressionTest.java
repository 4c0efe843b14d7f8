package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * double-barrier seed 101001694, found by a soak: participant c1's session expired before its
 * first enter was due. The new session's resume entered at once, and then the first enter's
 * timer fired and entered a second time, so one participant had two enters under way. The
 * workload ignores the answer of all but its latest attempt, so the first stayed open in the
 * history and the liveness checker blamed a correct barrier. A scheduled enter now runs only
 * if no other attempt began since it was scheduled.
 */
class EnterAfterRenewalRegressionTest {

    @Test
    void aParticipantWhoseSessionExpiredBeforeItsFirstEnterEntersOnce() {
        RunOutcome outcome = new ScenarioRunner(Catalog.standard()).run(RunSpec.of("double-barrier", 101001694));

        assertThat(outcome.failure()).as(outcome.plan().toString()).isEmpty();
        assertThat(outcome.history().ops()).as("the seed still loses c1's session before it enters")
                .anyMatch(op -> op.process().equals("c1") && op.f() == OpKind.LOST);
        int underWay = 0;
        for (Op op : outcome.history().ops()) {
            if (op.process().equals("c1") && op.f() == OpKind.ENTER) {
                underWay += op.type() == OpType.INVOKE ? 1 : -1;
                assertThat(underWay).as("enters of c1 under way after %s", op).isBetween(0, 1);
            }
        }
    }
}

package dev.zksim.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.Catalog;
import dev.zksim.history.History;
import dev.zksim.history.OpKind;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * lock-paused-holder pauses a holder past its session, so the next waiter is granted the lock
 * while the paused one still believes it holds it. Since issue 25 believed exclusion is
 * checked there too: the overlap is excused because the paused holder could not have been
 * told, and it steps down as soon as it is. This test makes sure the excuse is really what
 * the passing seeds rest on, not a workload that never overlaps.
 */
class PausedHolderExcuseTest {
    private static final ScenarioRunner RUNNER = new ScenarioRunner(Catalog.standard());

    @Test
    void aPausedHolderOverlapsItsSuccessorOnlyWhileItCouldNotKnow() {
        int excused = 0;
        for (long seed = 1; seed <= 20; seed++) {
            RunOutcome outcome = RUNNER.run(RunSpec.of("lock-paused-holder", seed));
            assertThat(outcome.failure()).as("seed %d", seed).isEmpty();
            excused += excusedOverlaps(outcome.history());
        }
        assertThat(excused).isPositive();
    }

    /** Pairs of holds of two processes that overlap, where one of them was excused at the later grant. */
    private static int excusedOverlaps(History history) {
        List<Hold> holds = Holds.of(history, List.of(OpKind.ACQUIRE),
                List.of(OpKind.RELEASE, OpKind.SUSPENDED, OpKind.LOST, OpKind.CRASHED));
        int count = 0;
        for (Hold earlier : holds) {
            for (Hold later : holds) {
                long grant = later.start().index();
                if (!earlier.process().equals(later.process()) && earlier.believedAt(grant)
                        && earlier.start().index() < grant && earlier.excusedAt(grant)) {
                    count++;
                }
            }
        }
        return count;
    }
}

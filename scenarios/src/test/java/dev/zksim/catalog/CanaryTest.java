package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;

/**
 * The canaries must be caught within a bounded number of seeds, by the right checker, and
 * shrink to a small case: a checker that cannot fail proves nothing.
 */
class CanaryTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    @SimulationProperty(seeds = 5)
    void theNoRecheckLockBreaksExclusion(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-no-recheck-lock");
        assertCaught(caught, FailureKind.SAFETY_VIOLATION, "mutual exclusion (believed)");
    }

    /** Its bug needs a new session in a running client: the workloads open one after Expired. */
    @SimulationProperty(seeds = 40)
    void theLockThatTakesANewSessionForAReconnectBreaksExclusion(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-resume-after-expiry");
        assertCaught(caught, FailureKind.SAFETY_VIOLATION, "mutual exclusion (believed)");
        assertThat(caught.minimal().plan().toString()).contains("expire");
    }

    @SimulationProperty(seeds = 5)
    void theLockFileLockHasAHerd(Seeds seeds) {
        assertCaught(seeds.expectFailure(CATALOG, "canary-lock-file-herd"), FailureKind.SAFETY_VIOLATION, "no herd");
    }

    @SimulationProperty(seeds = 5)
    void theLowestWatchLockHasAHerd(Seeds seeds) {
        assertCaught(seeds.expectFailure(CATALOG, "canary-lowest-watch-herd"), FailureKind.SAFETY_VIOLATION, "no herd");
    }

    @SimulationProperty(seeds = 5)
    void theSeedArticleElectionHasAHerd(Seeds seeds) {
        assertCaught(seeds.expectFailure(CATALOG, "canary-seed-article-election-herd"), FailureKind.SAFETY_VIOLATION,
                "no herd");
    }

    /**
     * A leader that ignores Disconnected is caught while it keeps leading after it was told,
     * and the explanation says so. Its session's loss alone (the rule before issue 25) never
     * caught it: 12,500 seeds of the election scenario passed.
     */
    @SimulationProperty(seeds = 40)
    void theElectionThatLeadsUntilExpiredHasAZombieLeader(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-zombie-leader");
        assertCaught(caught, FailureKind.SAFETY_VIOLATION, "single leader");
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("DISCONNECTED")
                .contains("had not stepped down");
    }

    /** A retried, unfenced write of a leader whose session expired lands after a newer leader's. */
    @SimulationProperty(seeds = 20)
    void theUnfencedControllerWritesStaleState(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-unfenced-leader-writes");
        assertCaught(caught, FailureKind.SAFETY_VIOLATION, "leader writes");
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).containsAnyOf("stale write",
                "the state went back");
    }

    @SimulationProperty(seeds = 5)
    void theUncheckedQueueConsumerDequeuesTwice(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-queue-unchecked-delete");
        assertCaught(caught, FailureKind.SAFETY_VIOLATION, "dequeued twice");
    }

    private static void assertCaught(PropertyCheck.Counterexample caught, FailureKind kind, String phrase) {
        assertThat(caught.kind()).isEqualTo(kind);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains(phrase);
        // The minimal case is small: at most one fault left, a tenth of the draws and a short line.
        // (Not fewer events: zeroed delays can make a run a little longer, which is still simpler.)
        assertThat(caught.minimal().plan().steps()).hasSizeLessThanOrEqualTo(2);
        assertThat(caught.minimal().choices().size()).isLessThan(caught.original().choices().size() / 10);
        assertThat(caught.line().toString()).hasSizeLessThanOrEqualTo(1000);
        assertThat(caught.describe()).contains("reproduce: ./zksim replay zksim4:" + caught.minimal().spec().scenario());
    }
}

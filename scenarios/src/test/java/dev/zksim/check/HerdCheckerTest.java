package dev.zksim.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HerdCheckerTest {
    private static WakeUp.Woken woken(String client, boolean progressed) {
        return new WakeUp.Woken(client, progressed);
    }

    private final List<WakeUp> predecessorWatching = List.of(
            new WakeUp("/lock/n-1", 1_000_000, List.of(woken("c2", true))),
            new WakeUp("/lock/n-2", 2_000_000, List.of(woken("c3", true))),
            new WakeUp("/lock/n-5", 3_000_000, List.of(woken("c6", false))));

    private final List<WakeUp> lowestWatching = List.of(
            new WakeUp("/lock/n-1", 1_000_000, List.of(woken("c2", true), woken("c3", false), woken("c4", false))),
            new WakeUp("/lock/n-2", 2_000_000, List.of(woken("c3", true), woken("c4", false))));

    @Test
    void aRecipeThatWakesOneWaiterPerDeletionIsHerdFree() {
        assertThat(HerdChecker.herdFree().check(predecessorWatching).isValid()).isTrue();
        assertThat(HerdChecker.herdFree().check(List.of()).isValid()).isTrue();
    }

    @Test
    void wakingSeveralWaitersThatGoBackToSleepIsAHerd() {
        CheckResult.Violation violation = (CheckResult.Violation) HerdChecker.herdFree().check(lowestWatching);
        assertThat(violation.explanation())
                .isEqualTo("deleting /lock/n-1 at 1s woke 3 clients and 2 of them [c3, c4] made no progress");
        assertThat(violation.time()).isEqualTo(1_000_000);
        assertThat(new HerdChecker(2).check(lowestWatching).isValid()).isTrue();
    }

    @Test
    void aVanishedWaiterWhoseWatchersAllWatchAgainHandedNothingOver() {
        // Readers queued behind a waiting writer all watch its node; when it gives up (or a
        // stray of a late create is cleaned up), each wakes and watches the next writer.
        List<WakeUp> waitingWriterGone = List.of(
                new WakeUp("/rw/w-3", 1_000_000, List.of(woken("r4", false), woken("r5", false), woken("r6", false))));
        assertThat(HerdChecker.herdFree().check(waitingWriterGone).isValid()).isTrue();
        List<WakeUp> handOverToOne = List.of(
                new WakeUp("/rw/w-1", 1_000_000, List.of(woken("w2", true), woken("r4", false), woken("r5", false))));
        assertThat(HerdChecker.herdFree().check(handOverToOne).isValid()).isFalse();
    }

    @Test
    void countsFeedTheHerdReport() {
        HerdCounts counts = HerdChecker.herdFree().count(lowestWatching);
        assertThat(counts).isEqualTo(new HerdCounts(2, 5, 3, 2, "/lock/n-1", 1_000_000));
        assertThat(counts.wastedPerDeletion()).isEqualTo(1.5);
        assertThat(HerdChecker.herdFree().count(List.of()).wastedPerDeletion()).isZero();
    }
}

package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading wake-ups out of a history: grouping by deletion, and progress until the next wake-up. */
class WakeUpsTest {
    private static final OpKind WOKEN = new OpKind("WOKEN");
    private static final List<OpKind> PROGRESS = List.of(OpKind.ACQUIRE);

    private static Value deletion(String path, long zxid) {
        return Value.tuple(v(path), v(zxid));
    }

    private static WakeUp.Woken woken(String client, boolean progressed) {
        return new WakeUp.Woken(client, progressed);
    }

    @Test
    void wakeUpsOfOneDeletionAreGroupedAndEachClientsProgressIsJudged() {
        Hist hist = new Hist().at(1).ok("c2", WOKEN, deletion("/lock/n-1", 7))
                .at(2).ok("c3", WOKEN, deletion("/lock/n-1", 7))
                .at(3).call("c2", OpKind.ACQUIRE)
                .at(4).ok("c3", WOKEN, deletion("/lock/n-2", 9))
                .at(5).call("c3", OpKind.ACQUIRE);
        assertThat(WakeUps.of(hist.history(), WOKEN, PROGRESS)).containsExactly(
                new WakeUp("/lock/n-1", 1_000, List.of(woken("c2", true), woken("c3", false))),
                new WakeUp("/lock/n-2", 4_000, List.of(woken("c3", true))));
    }

    @Test
    void aFailedProgressOpOrOneOfAnotherKindIsNoProgress() {
        Hist hist = new Hist().at(1).ok("c2", WOKEN, deletion("/lock/n-1", 7))
                .at(2).invoke("c2", OpKind.ACQUIRE).fail("c2", OpKind.ACQUIRE)
                .call("c2", OpKind.RELEASE);
        assertThat(WakeUps.of(hist.history(), WOKEN, PROGRESS))
                .containsExactly(new WakeUp("/lock/n-1", 1_000, List.of(woken("c2", false))));
    }

    @Test
    void catchUpEventsWithoutAZxidCountOnTheirOwnAndOnlyOkNotificationsCount() {
        Hist hist = new Hist().at(1).ok("c2", WOKEN, deletion("/lock/n-1", -1))
                .at(2).ok("c3", WOKEN, deletion("/lock/n-1", -1))
                .at(3).ok("c4", WOKEN, deletion("/lock/n-1", 0))
                .invoke("c5", WOKEN, deletion("/lock/n-1", 0))
                .ok("c6", WOKEN, deletion("/lock/n-1", 0));
        assertThat(WakeUps.of(hist.history(), WOKEN, PROGRESS)).containsExactly(
                new WakeUp("/lock/n-1", 1_000, List.of(woken("c2", false))),
                new WakeUp("/lock/n-1", 2_000, List.of(woken("c3", false))),
                new WakeUp("/lock/n-1", 3_000, List.of(woken("c4", false), woken("c6", false))));
    }

    /**
     * rwlock seed 109013061, found by a soak: a waiting writer's node (w-20) went with its
     * session and woke three readers; the writer below it (w-19) released a moment later and
     * woke two of them again, and the third, whose first notification came late, found the
     * way clear. Its progress was w-19's doing: w-20's deletion handed nothing over.
     */
    @Test
    void progressAfterALaterDeletionWokeSomeoneIsThatDeletionsDoing() {
        Hist hist = new Hist().at(1).ok("c5", WOKEN, deletion("/rw/w-20", 351)).ok("c7", WOKEN, deletion("/rw/w-20", 351))
                .at(2).ok("c5", WOKEN, deletion("/rw/w-19", 353)).ok("c7", WOKEN, deletion("/rw/w-19", 353))
                .at(3).ok("c4", WOKEN, deletion("/rw/w-20", 351))
                .at(4).call("c5", OpKind.ACQUIRE).call("c7", OpKind.ACQUIRE).call("c4", OpKind.ACQUIRE);
        assertThat(WakeUps.of(hist.history(), WOKEN, PROGRESS)).containsExactly(
                new WakeUp("/rw/w-20", 1_000, List.of(woken("c5", false), woken("c7", false), woken("c4", false))),
                new WakeUp("/rw/w-19", 2_000, List.of(woken("c5", true), woken("c7", true))));
        assertThat(HerdChecker.herdFree().check(WakeUps.of(hist.history(), WOKEN, PROGRESS)).isValid()).isTrue();
    }

    /** Once a deletion handed over cleanly, its other clients' later progress still counts for it. */
    @Test
    void aHandOverKeepsTheProgressOfClientsThatReadAfterALaterDeletion() {
        Hist hist = new Hist().at(1).ok("r1", WOKEN, deletion("/rw/w-1", 10)).ok("r2", WOKEN, deletion("/rw/w-1", 10))
                .ok("r3", WOKEN, deletion("/rw/w-1", 10))
                .at(2).call("r1", OpKind.ACQUIRE)
                .at(3).ok("w4", WOKEN, deletion("/rw/r-1", 12))
                .at(4).call("r2", OpKind.ACQUIRE).call("r3", OpKind.ACQUIRE);
        assertThat(WakeUps.of(hist.history(), WOKEN, PROGRESS).getFirst())
                .isEqualTo(new WakeUp("/rw/w-1", 1_000, List.of(woken("r1", true), woken("r2", true), woken("r3", true))));
    }

    /**
     * rwlock seed 113006524, found by a soak: a writer's release woke three readers, one of them
     * went in, and the other two lost their only server while they read. Cut off before they
     * could act, their wake-ups are not judged.
     */
    @Test
    void aClientCutOffBeforeItActedOnItsWakeUpIsLeftOut() {
        Hist hist = new Hist().at(1).ok("c4", WOKEN, deletion("/rw/w-3", 22)).ok("c5", WOKEN, deletion("/rw/w-3", 22))
                .ok("c3", WOKEN, deletion("/rw/w-3", 22))
                .at(2).call("c4", OpKind.ACQUIRE)
                .at(3).ok("c5", OpKind.DISCONNECTED, Value.NONE).ok("c3", OpKind.DISCONNECTED, Value.NONE)
                .at(4).ok("c5", WOKEN, deletion("/rw/w-3", -1));
        assertThat(WakeUps.of(hist.history(), WOKEN, PROGRESS)).containsExactly(
                new WakeUp("/rw/w-3", 1_000, List.of(woken("c4", true))),
                new WakeUp("/rw/w-3", 4_000, List.of(woken("c5", false))));
    }

    @Test
    void theHerdCheckerRunsOverAHistory() {
        // Three clients woken by one deletion, two of which only go back to waiting.
        Hist herd = new Hist().at(1).ok("c2", WOKEN, deletion("/lock/n-1", 7)).ok("c3", WOKEN, deletion("/lock/n-1", 7))
                .ok("c4", WOKEN, deletion("/lock/n-1", 7)).at(2).call("c2", OpKind.ACQUIRE);
        Checker checker = WakeUps.checker(HerdChecker.herdFree(), WOKEN, PROGRESS);
        assertThat(checker.name()).isEqualTo(HerdChecker.herdFree().name());
        assertThat(checker.check(herd.history()).isValid()).isFalse();
        Hist calm = new Hist().at(1).ok("c2", WOKEN, deletion("/lock/n-1", 7)).at(2).call("c2", OpKind.ACQUIRE);
        assertThat(checker.check(calm.history()).isValid()).isTrue();
    }
}

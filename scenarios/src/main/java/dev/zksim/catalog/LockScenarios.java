package dev.zksim.catalog;

import dev.zksim.testkit.Profiles;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.recipes.canary.FirstCreateProtectedLock;
import dev.zksim.recipes.canary.OneShotCleanupLock;
import dev.zksim.recipes.lock.ExclusiveLock;
import dev.zksim.recipes.lock.LockFileLock;
import dev.zksim.recipes.lock.LowestWatchLock;
import dev.zksim.recipes.lock.NoRecheckLock;
import dev.zksim.scenario.Scenario;
import dev.zksim.testkit.LockScenario;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.Testkit;
import java.util.List;

/** The exclusive lock's scenarios, its throughput scenario, and its contrast and canary variants. */
public final class LockScenarios {
    private static final String DIR = "/lock";
    /** zksim's herd-free lock, as the testkit takes it. */
    public static final LockUnderTest.Factory EXCLUSIVE = RecipeLocks.of((zk, states, guid, listener) ->
            new ExclusiveLock(zk, states, DIR, guid, listener));

    private LockScenarios() {
    }

    public static Scenario basic() {
        return Testkit.lock("lock-basic", EXCLUSIVE).title("Lock: clients take turns under random faults").build();
    }

    public static Scenario leaderCrash() {
        // Six clients queue within 100ms; the first holds for 1.5s at least, so the crash
        // in [0.5s, 1.2s] finds one holder and five waiters queued behind it.
        return Testkit.lock("lock-leader-crash", EXCLUSIVE).title("Lock: leader crash while 5 waiters queued")
                .servers(3, 5).clients(6, 6).rounds(2, 2).startWithin(Time.millis(100))
                .hold(Time.millis(1500), Time.seconds(2)).think(Time.millis(50)).noGiveUps()
                .faults(new FaultProfile(List.of(FaultKind.CRASH_LEADER), 1, 1, Time.millis(500), Time.millis(1200),
                        Time.millis(100), Time.seconds(3)))
                .build();
    }

    public static Scenario standard() {
        return Testkit.lock("lock-standard", EXCLUSIVE).title("Lock: 3 servers, 10 clients, 10 acquisitions each, 2 to 3 faults")
                .servers(3).clients(10, 10).rounds(10, 10).startWithin(Time.millis(100))
                .hold(Time.millis(1), Time.millis(20)).think(Time.millis(20)).noGiveUps()
                .faults(new FaultProfile(Profiles.withoutPausedClients(), 2, 3, Time.millis(200), Time.seconds(2),
                        Time.millis(100), Time.seconds(1)))
                .build();
    }

    /**
     * The lock under the per-request fault profile: besides up to two faults of every kind,
     * every request may be lost, or its reply lost, while the loss lasts; waiters give up in
     * half the seeds, so faults land on the cleanups of abandoned acquisitions too.
     */
    public static Scenario requestLoss() {
        return Testkit.lock("lock-request-loss", EXCLUSIVE)
                .title("Lock: every request may be lost, or its reply, for a while; waiters give up in half the seeds")
                .servers(1, 3).clients(3, 5).rounds(3, 4).startWithin(Time.millis(100))
                .hold(Time.millis(100), Time.millis(400)).think(Time.millis(20))
                .giveUps(1, 2, Time.millis(500), Time.seconds(2))
                .faults(1, 3, Time.seconds(3), Profiles.withRequestLoss(Profiles.withoutPausedClients()))
                .build();
    }

    /**
     * The lock under delayed closes: a client's session expires and its closeSession commits
     * up to three session timeouts later (long enough for a client on the server that expires
     * it to miss its pings, reconnect, hear Expired and look around on a new session), so a
     * client told Expired may open a new session and still find the nodes of its old one;
     * besides that, up to two faults of the other kinds.
     */
    public static Scenario delayedClose() {
        return Testkit.lock("lock-delayed-close", EXCLUSIVE)
                .title("Lock: expired sessions whose ephemerals outlive the Expired their clients hear")
                .servers(1, 3).clients(3, 4).rounds(3, 4).startWithin(Time.millis(100))
                .hold(Time.millis(500), Time.seconds(2)).think(Time.millis(50)).noGiveUps()
                .faults(config -> new FaultProfile(List.of(FaultKind.DELAYED_CLOSE,
                        FaultKind.CRASH_SERVER, FaultKind.PARTITION, FaultKind.DROP_REPLY), 1, 3, Time.millis(200),
                        Time.seconds(3), Time.millis(100), 3 * Time.millis(config.sessionTimeoutMs())))
                .build();
    }

    /**
     * The lock under lost requests and replies aimed at the first, second or third request of
     * an operation it uses ({@code drop-reply c1 on create #2}): the second acquisition's
     * create, the retry of a cleanup, the delete of a waiter that gave up. Waiters give up in
     * half the seeds.
     */
    public static Scenario aimedNth() {
        return Testkit.lock("lock-aimed-nth", EXCLUSIVE)
                .title("Lock: lost requests and replies aimed at the N-th create, read or delete")
                .servers(1, 3).clients(2, 4).rounds(3, 4).startWithin(Time.millis(100))
                .hold(Time.millis(20), Time.millis(200)).think(Time.millis(20))
                .giveUps(1, 2, Time.millis(100), Time.millis(600))
                .faults(new FaultProfile(List.of(FaultKind.LOSE_REQUEST, FaultKind.DROP_REPLY, FaultKind.CRASH_SERVER),
                        1, 3, Time.millis(100), Time.seconds(2), Time.millis(100), Time.seconds(1))
                        .aimedAt(List.of("create", "getChildren", "exists", "delete")).upToNth(3))
                .build();
    }

    /**
     * A holder paused past its session: the next waiter gets the lock while the paused one
     * still believes it holds it. Believed exclusion excuses that overlap until the paused
     * holder is told; the protected resource must refuse its late writes.
     */
    public static Scenario pausedHolder() {
        return Testkit.lock("lock-paused-holder", EXCLUSIVE)
                .title("Lock: a holder paused past its session is fenced off by the protected resource")
                .servers(1, 3).clients(3, 3).rounds(3, 3).startWithin(Time.millis(100))
                .hold(Time.millis(200), Time.millis(800)).think(Time.millis(50)).noGiveUps()
                .faults(config -> new FaultProfile(List.of(FaultKind.PAUSE_CLIENT), 1, 2, Time.millis(100),
                        Time.seconds(2), Time.millis(500), 3 * Time.millis(config.sessionTimeoutMs())))
                .build();
    }

    // ---- canaries ----

    /** Waiters that give up make the no-recheck lock hand the lock to a second client. */
    public static Scenario noRecheckCanary() {
        return Testkit.lock("canary-no-recheck-lock", RecipeLocks.of((zk, states, guid, listener) ->
                        new NoRecheckLock(zk, states, DIR, guid, listener)))
                .title("Canary: a lock that does not re-check after its predecessor vanishes breaks exclusion")
                .servers(1, 3).clients(3, 5).rounds(3, 3).startWithin(Time.millis(100))
                .hold(Time.millis(200), Time.millis(600)).think(Time.millis(50))
                .giveUps(1, 1, Time.millis(100), Time.millis(400))
                .faults(0, 1, Time.seconds(2), List.of(FaultKind.EXPIRE_SESSION, FaultKind.CRASH_CLIENT))
                .herdFree(false)
                .build();
    }

    /**
     * Only its first acquisition adopts the node of a create whose reply was lost: the plan
     * step {@code drop-reply c1 on create /lock #2} strands it, where the same step without
     * {@code #2} (the first create) does not (RequestFaultScenarioTest).
     */
    public static Scenario firstCreateProtectedCanary() {
        return Testkit.lock("canary-first-create-protected", RecipeLocks.of((zk, states, guid, listener) ->
                        new FirstCreateProtectedLock(zk, states, DIR, guid, listener)))
                .title("Canary: a lock that survives a lost create reply only on its first acquisition")
                .servers(1, 3).clients(2, 3).rounds(3, 3).startWithin(Time.millis(100))
                .hold(Time.millis(20), Time.millis(100)).think(Time.millis(20)).noGiveUps()
                .faults(0, 2, Time.seconds(2), List.of(FaultKind.DROP_REPLY, FaultKind.CRASH_SERVER))
                .herdFree(false)
                .build();
    }

    /**
     * The workload of the lock whose waiters, when they give up, delete their node with one
     * try (a canary of the per-request fault profile, RequestFaultScenarioTest): contended,
     * every waiter patient for 0.5 to 2 s. Not in the catalogue: its loss lands on a give-up's
     * cleanup in about one seed in a hundred, too rarely for the small scope to reach.
     */
    static LockScenario oneShotCleanup(String id, List<FaultKind> kinds) {
        return Testkit.lock(id, RecipeLocks.of((zk, states, guid, listener) ->
                        new OneShotCleanupLock(zk, states, DIR, guid, listener)))
                .servers(1, 3).clients(3, 5).rounds(3, 4).startWithin(Time.millis(100))
                .hold(Time.millis(100), Time.millis(400)).think(Time.millis(20))
                .giveUps(1, 1, Time.millis(500), Time.seconds(2))
                .faults(1, 1, Time.seconds(3), kinds)
                .herdFree(false);
    }

    /**
     * A lock that, told Expired while holding, resumes its grant on the new session if its old
     * node is still there: caught only when a close is delayed ({@code delay-close}); under
     * plain expiries the old node is always gone by then (DelayedCloseScenarioTest).
     */
    public static Scenario adoptOwnNodeCanary() {
        return longHolds("canary-adopt-own-node", AdoptOwnNodeLock.over(DIR), Profiles.withDelayedClose(List.of()))
                .title("Canary: a lock that resumes its grant after Expired when it finds its old node")
                .herdFree(false)
                .build();
    }

    /**
     * Two or three clients holding for longer than a client takes to notice its session's
     * silence, so that the session a plan expires is often a holder's, which hears of it while
     * holding; a close delayed by one to two session timeouts then commits while it still would.
     */
    static LockScenario longHolds(String id, LockUnderTest.Factory factory, List<FaultKind> kinds) {
        return Testkit.lock(id, factory)
                .servers(1, 3).clients(2, 3).rounds(2, 3).startWithin(Time.millis(100))
                .hold(Time.seconds(6), Time.seconds(12)).think(Time.millis(50)).noGiveUps()
                .faults(config -> new FaultProfile(kinds, 1, 2, Time.millis(200), Time.seconds(3),
                        Time.millis(config.sessionTimeoutMs()), 2 * Time.millis(config.sessionTimeoutMs())));
    }

    /** A lock that treats the new session after Expired like a reconnect, and claims its old grant. */
    public static Scenario resumeAfterExpiryCanary() {
        return Testkit.lock("canary-resume-after-expiry", ResumeAfterExpiryLock.over(EXCLUSIVE))
                .title("Canary: a lock that takes a new session for a reconnect and claims its old grant")
                .servers(1, 3).clients(3, 4).rounds(3, 4).startWithin(Time.millis(100))
                .hold(Time.millis(500), Time.seconds(2)).think(Time.millis(50)).noGiveUps()
                .faults(1, 2, Time.seconds(3), List.of(FaultKind.EXPIRE_SESSION))
                .herdFree(false)
                .build();
    }

    public static Scenario lockFileHerdCanary() {
        return herdCanary("canary-lock-file-herd", "Canary: the paper's lock-file lock wakes every waiter on release",
                RecipeLocks.of((zk, states, guid, listener) -> new LockFileLock(zk, states, DIR, guid, listener)));
    }

    public static Scenario lowestWatchHerdCanary() {
        return herdCanary("canary-lowest-watch-herd",
                "Canary: the seed article's lock that watches the lowest node wakes every waiter",
                RecipeLocks.of((zk, states, guid, listener) -> new LowestWatchLock(zk, states, DIR, guid, listener)));
    }

    private static Scenario herdCanary(String id, String title, LockUnderTest.Factory factory) {
        return Testkit.lock(id, factory).title(title).servers(1, 3).clients(4, 6).rounds(2, 2)
                .startWithin(Time.millis(100)).hold(Time.millis(50), Time.millis(200)).think(Time.millis(20))
                .noGiveUps().faults(0, 1, Time.seconds(2), Profiles.withoutPausedClients())
                .build();
    }
}

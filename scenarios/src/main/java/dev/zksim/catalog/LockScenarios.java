package dev.zksim.catalog;

import dev.zksim.check.Checker;
import dev.zksim.check.ExclusionChecker;
import dev.zksim.check.FencedResource;
import dev.zksim.check.FencingChecker;
import dev.zksim.check.HerdChecker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.check.WakeUps;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.recipes.lock.ExclusiveLock;
import dev.zksim.recipes.lock.LockFileLock;
import dev.zksim.recipes.lock.LowestWatchLock;
import dev.zksim.recipes.lock.NoRecheckLock;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.LockWorkload;
import dev.zksim.workload.WatchTap;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;

/** The exclusive lock's scenarios, its throughput scenario, and its contrast and canary variants. */
public final class LockScenarios {
    private static final String DIR = "/lock";
    static final LockWorkload.Factory EXCLUSIVE = (zk, states, guid, listener) ->
            new ExclusiveLock(zk, states, DIR, guid, listener);

    private LockScenarios() {
    }

    /** Which guarantees a lock trial checks. */
    record Guarantees(boolean believed, boolean herdFree) {
        static final Guarantees ALL = new Guarantees(true, true);
    }

    /** A lock trial: clients running the workload against one lock, and the lock's checkers. */
    static Trial trial(SwarmKnobs swarm, LockWorkload.Factory factory, int clients, LockWorkload.Plan plan,
            FaultProfile faults, Guarantees guarantees) {
        long bound = Bounds.afterHeal(swarm, clients * (plan.holdMax() + Time.millis(200)) + Time.seconds(5));
        RecipeTrial.Installer installer = (ensemble, history) -> {
            FencedResource resource = new FencedResource(history);
            for (int i = 0; i < clients; i++) {
                Workloads.add(ensemble, new LockWorkload(factory, plan, new ClientLog(history), resource));
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> {
            List<Checker> checkers = new ArrayList<>();
            if (guarantees.believed()) {
                checkers.add(ExclusionChecker.locks());
            }
            checkers.add(new FencingChecker());
            if (guarantees.herdFree()) {
                checkers.add(WakeUps.checker(HerdChecker.herdFree(), WatchTap.WOKEN, List.of(OpKind.ACQUIRE)));
            }
            checkers.add(new LivenessChecker(heal, bound, end).onlyKinds(OpKind.ACQUIRE, OpKind.RELEASE));
            return checkers;
        };
        List<String> knobs = List.of("clients: " + clients, "rounds: " + plan.rounds(),
                "hold: " + Time.format(plan.holdMin()) + ".." + Time.format(plan.holdMax()),
                "think: up to " + Time.format(plan.thinkMax()),
                "patience: " + (plan.patience() > 0 ? Time.format(plan.patience()) : "none"),
                "liveness bound: " + Time.format(bound));
        return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, knobs);
    }

    public static Scenario basic() {
        return new CatalogScenario("lock-basic", "Lock: clients take turns under random faults", knobs -> {
            SwarmKnobs swarm = SwarmKnobs.pick(knobs, List.of(1, 3, 5));
            int clients = knobs.intIn(2, 6);
            long patience = knobs.chance(1, 3) ? knobs.longIn(Time.millis(200), Time.seconds(3)) : 0;
            LockWorkload.Plan plan = new LockWorkload.Plan(knobs.intIn(2, 5), Time.millis(200), Time.millis(1),
                    Time.millis(knobs.intIn(5, 200)), Time.millis(50), patience);
            FaultProfile faults = Profiles.random(Profiles.withoutPausedClients(), 0, 3, Time.seconds(4));
            return trial(swarm, EXCLUSIVE, clients, plan, faults, Guarantees.ALL);
        });
    }

    public static Scenario leaderCrash() {
        return new CatalogScenario("lock-leader-crash", "Lock: leader crash while 5 waiters queued", knobs -> {
            SwarmKnobs swarm = SwarmKnobs.pick(knobs, List.of(3, 5));
            // Six clients queue within 100ms; the first holds for 1.5s at least, so the crash
            // in [0.5s, 1.2s] finds one holder and five waiters queued behind it.
            LockWorkload.Plan plan = new LockWorkload.Plan(2, Time.millis(100), Time.millis(1500), Time.seconds(2),
                    Time.millis(50), 0);
            FaultProfile faults = new FaultProfile(List.of(FaultKind.CRASH_LEADER), 1, 1, Time.millis(500),
                    Time.millis(1200), Time.millis(100), Time.seconds(3));
            return trial(swarm, EXCLUSIVE, 6, plan, faults, Guarantees.ALL);
        });
    }

    public static Scenario standard() {
        return new CatalogScenario("lock-standard",
                "Lock: 3 servers, 10 clients, 10 acquisitions each, 2 to 3 faults", knobs -> {
                    SwarmKnobs swarm = SwarmKnobs.pick(knobs, List.of(3));
                    LockWorkload.Plan plan = new LockWorkload.Plan(10, Time.millis(100), Time.millis(1),
                            Time.millis(20), Time.millis(20), 0);
                    FaultProfile faults = new FaultProfile(Profiles.withoutPausedClients(), 2, 3, Time.millis(200),
                            Time.seconds(2), Time.millis(100), Time.seconds(1));
                    return trial(swarm, EXCLUSIVE, 10, plan, faults, Guarantees.ALL);
                });
    }

    public static Scenario pausedHolder() {
        return new CatalogScenario("lock-paused-holder",
                "Lock: a holder paused past its session is fenced off by the protected resource", knobs -> {
                    SwarmKnobs swarm = SwarmKnobs.pick(knobs, List.of(1, 3));
                    LockWorkload.Plan plan = new LockWorkload.Plan(3, Time.millis(100), Time.millis(200),
                            Time.millis(800), Time.millis(50), 0);
                    long longest = 3 * Time.millis(swarm.config().sessionTimeoutMs());
                    FaultProfile faults = new FaultProfile(List.of(FaultKind.PAUSE_CLIENT), 1, 2, Time.millis(100),
                            Time.seconds(2), Time.millis(500), longest);
                    return trial(swarm, EXCLUSIVE, 3, plan, faults, new Guarantees(false, true));
                });
    }

    // ---- canaries ----

    /** Waiters that give up make the no-recheck lock hand the lock to a second client. */
    public static Scenario noRecheckCanary() {
        return new CatalogScenario("canary-no-recheck-lock",
                "Canary: a lock that does not re-check after its predecessor vanishes breaks exclusion", knobs -> {
                    SwarmKnobs swarm = SwarmKnobs.pick(knobs, List.of(1, 3));
                    LockWorkload.Plan plan = new LockWorkload.Plan(3, Time.millis(100), Time.millis(200),
                            Time.millis(600), Time.millis(50), knobs.longIn(Time.millis(100), Time.millis(400)));
                    FaultProfile faults = Profiles.random(List.of(FaultKind.EXPIRE_SESSION, FaultKind.CRASH_CLIENT), 0, 1,
                            Time.seconds(2));
                    LockWorkload.Factory broken = (zk, states, guid, listener) ->
                            new NoRecheckLock(zk, states, DIR, guid, listener);
                    return trial(swarm, broken, knobs.intIn(3, 5), plan, faults, new Guarantees(true, false));
                });
    }

    public static Scenario lockFileHerdCanary() {
        return herdCanary("canary-lock-file-herd", "Canary: the paper's lock-file lock wakes every waiter on release",
                (zk, states, guid, listener) -> new LockFileLock(zk, states, DIR, guid, listener));
    }

    public static Scenario lowestWatchHerdCanary() {
        return herdCanary("canary-lowest-watch-herd",
                "Canary: the seed article's lock that watches the lowest node wakes every waiter",
                (zk, states, guid, listener) -> new LowestWatchLock(zk, states, DIR, guid, listener));
    }

    private static Scenario herdCanary(String id, String title, LockWorkload.Factory factory) {
        return new CatalogScenario(id, title, knobs -> {
            SwarmKnobs swarm = SwarmKnobs.pick(knobs, List.of(1, 3));
            LockWorkload.Plan plan = new LockWorkload.Plan(2, Time.millis(100), Time.millis(50), Time.millis(200),
                    Time.millis(20), 0);
            FaultProfile faults = Profiles.random(Profiles.withoutPausedClients(), 0, 1, Time.seconds(2));
            return trial(swarm, factory, knobs.intIn(4, 6), plan, faults, Guarantees.ALL);
        });
    }
}

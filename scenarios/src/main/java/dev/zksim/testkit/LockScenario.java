package dev.zksim.testkit;

import dev.zksim.check.Checker;
import dev.zksim.check.ExclusionChecker;
import dev.zksim.check.FencedResource;
import dev.zksim.check.FencingChecker;
import dev.zksim.check.HerdChecker;
import dev.zksim.check.FreeLockChecker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.check.StillRefusedChecker;
import dev.zksim.check.WakeUps;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.LockWorkload;
import dev.zksim.workload.WatchTap;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An exclusive lock under test. Every client takes the lock a number of rounds: acquire,
 * write to a protected resource under the grant's fencing token, hold for a while, write
 * again if it still holds, release, think. After {@code Expired} a client opens a new session
 * and goes on with the same lock object. Some seeds make waiters give up (release before the
 * grant), like a tryLock with a timeout, so that cleanup paths run under faults too.
 *
 * <p>Checked: no two sessions believe they hold the lock at once (a belief ends when the
 * recipe reports it ended, released, SUSPENDED or LOST, or its process crashes; an overlap is
 * excused only while a holder whose session closed had not yet been told Disconnected or
 * Expired, as when it was paused, and never once it was told); the resource never
 * accepts a write with a token lower than one it accepted before (fencing; a lock that
 * reports 0, having no tokens, makes no such writes and is not judged); no release wakes
 * more than the next waiter (herd-free); every acquisition and release completes within
 * a bound after the faults heal; and once the ensemble and sessions have settled after the
 * heal, no waiter gives up after half a second or more of waiting for a lock that nobody holds (a lock that stopped
 * granting, behind a node nobody will delete); and no client that still wants the lock is
 * refused a bound after the heal (the workload asks again after a failed acquisition, so a
 * lock that fails every acquisition, safe in every other way, fails the run).
 */
public final class LockScenario extends ScenarioBuilder<LockScenario> {
    private final LockUnderTest.Factory factory;
    private int minClients = 2;
    private int maxClients = 6;
    private int minRounds = 2;
    private int maxRounds = 5;
    private long startWithin = Time.millis(200);
    private long holdMin = Time.millis(1);
    private long holdMaxLow = Time.millis(5);
    private long holdMaxHigh = Time.millis(200);
    private long thinkMax = Time.millis(50);
    private Patience patience = Patience.DEFAULT;
    private boolean believedExclusion = true;
    private boolean herdFree = true;

    /** The knob stream of the number of clients, explored by the small scope when one client is the smallest. */
    static final String CLIENTS = "knobs/clients";

    /** The knob stream of the longest hold of a seed where waiters give up, explored by the small scope. */
    static final String HOLD = "knobs/hold";

    LockScenario(String id, LockUnderTest.Factory factory) {
        super(id, "Lock " + id + ": clients take turns under random faults");
        this.factory = Objects.requireNonNull(factory, "factory");
        aimAt("create", "getChildren", "exists", "delete");
    }

    /** How many clients a seed runs, inclusive range. */
    public LockScenario clients(int min, int max) {
        requireRange("clients", 1, min, max);
        this.minClients = min;
        this.maxClients = max;
        return this;
    }

    /** How many acquisitions each client makes, inclusive range. */
    public LockScenario rounds(int min, int max) {
        requireRange("rounds", 1, min, max);
        this.minRounds = min;
        this.maxRounds = max;
        return this;
    }

    /** Clients start at a random instant within this time (microseconds). */
    public LockScenario startWithin(long micros) {
        this.startWithin = micros;
        return this;
    }

    /** A hold lasts between {@code min} and {@code max} microseconds. */
    public LockScenario hold(long min, long max) {
        return hold(min, max, max);
    }

    /** A hold lasts from {@code min} to a maximum each seed draws from [maxLow, maxHigh]. */
    public LockScenario hold(long min, long maxLow, long maxHigh) {
        if (min < 0 || maxLow < min || maxHigh < maxLow) {
            throw new IllegalArgumentException("hold: need 0 <= min <= maxLow <= maxHigh");
        }
        this.holdMin = min;
        this.holdMaxLow = maxLow;
        this.holdMaxHigh = maxHigh;
        return this;
    }

    /** A client thinks up to this long (microseconds) between rounds. */
    public LockScenario think(long max) {
        this.thinkMax = max;
        return this;
    }

    /** In {@code numerator} of every {@code denominator} seeds, waiters give up after a time in [min, max] (microseconds). */
    public LockScenario giveUps(int numerator, int denominator, long min, long max) {
        this.patience = new Patience(numerator, denominator, min, max);
        return this;
    }

    /** Waiters never give up. */
    public LockScenario noGiveUps() {
        this.patience = Patience.NEVER;
        return this;
    }

    /**
     * Whether believed mutual exclusion is checked (default yes). A holder paused past its
     * session cannot know it lost the lock, and the check excuses it until the client library
     * tells it, so paused clients need not turn it off: only fencing protects the resource in
     * that window, and the fencing check judges it. Turn it off to judge fencing alone.
     */
    public LockScenario believedExclusion(boolean checked) {
        this.believedExclusion = checked;
        return this;
    }

    /** Whether the herd-free check runs (default yes); a lock that wakes every waiter fails it. */
    public LockScenario herdFree(boolean checked) {
        this.herdFree = checked;
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.lock(patience.some(), repliesCanBeLostOn("create"));
    }

    /**
     * Whether waiters give up, where the scope would otherwise run none, and with them how long
     * holds may last (at the smallest, holds end long before any patience runs out); the number
     * of clients, where one is the smallest.
     */
    @Override
    protected List<String> smallScopeKnobs() {
        List<String> knobs = new ArrayList<>();
        if (patience.some() && holdMaxHigh > holdMaxLow) {
            knobs.add(HOLD);
        }
        if (patience.offInSmallScope()) {
            knobs.add(Patience.GIVE_UPS);
        }
        if (minClients == 1 && maxClients > 1) {
            knobs.add(CLIENTS);
        }
        return knobs;
    }

    @Override
    protected List<String> shapeLimits(boolean faulty) {
        int clients = largestInScope(CLIENTS, minClients, maxClients);
        if (clients == 1) {
            return List.of("one client never contends: the lock cannot pass between clients, and exclusion, fencing"
                    + " and the herd check cannot fail.");
        }
        if (clients == 2 && herdFree) {
            return List.of("with 2 clients a release has at most one waiter to wake, so the herd check cannot fail"
                    + " (it needs 3 clients or more in the scope's smallest configuration).");
        }
        return List.of();
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int clients = knobs.named("clients").intIn(minClients, maxClients);
        long giveUpAfter = patience.draw(knobs);
        int rounds = knobs.intIn(minRounds, maxRounds);
        // Named only where waiters give up, so the small scope explores long holds only where they matter.
        long holdMax = (giveUpAfter > 0 ? knobs.named("hold") : knobs).longIn(holdMaxLow, holdMaxHigh);
        LockWorkload.Plan plan = new LockWorkload.Plan(rounds, startWithin, holdMin, holdMax, thinkMax, giveUpAfter);
        return trial(swarm, clients, plan, faultsFor(swarm));
    }

    private Trial trial(SwarmKnobs swarm, int clients, LockWorkload.Plan plan, FaultProfile faults) {
        long bound = Bounds.afterHeal(swarm, clients * (plan.holdMax() + Time.millis(200)) + Time.seconds(5));
        RecipeTrial.Installer installer = (ensemble, history) -> {
            FencedResource resource = new FencedResource(history);
            for (int i = 0; i < clients; i++) {
                Workloads.add(ensemble, new LockWorkload(factory, plan, new ClientLog(history), resource));
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> {
            List<Checker> checkers = new ArrayList<>();
            if (believedExclusion) {
                checkers.add(ExclusionChecker.locks());
            }
            checkers.add(new FencingChecker());
            if (herdFree) {
                checkers.add(WakeUps.checker(HerdChecker.herdFree(), WatchTap.WOKEN, List.of(OpKind.ACQUIRE)));
            }
            checkers.add(new LivenessChecker(heal, bound, end).onlyKinds(OpKind.ACQUIRE, OpKind.RELEASE));
            checkers.add(StillRefusedChecker.acquisitions(List.of(OpKind.ACQUIRE), heal, bound));
            checkers.add(new FreeLockChecker(heal + Bounds.afterHeal(swarm, 0)));
            return checkers;
        };
        List<String> knobs = List.of("clients: " + clients, "rounds: " + plan.rounds(),
                "hold: " + Time.formatSeconds(plan.holdMin()) + ".." + Time.formatSeconds(plan.holdMax()),
                "think: up to " + Time.formatSeconds(plan.thinkMax()),
                "patience: " + Patience.describe(plan.patience()),
                "liveness bound: " + Time.formatSeconds(bound));
        return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, knobs);
    }
}

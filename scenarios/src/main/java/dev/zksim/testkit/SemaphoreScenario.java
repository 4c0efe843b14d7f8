package dev.zksim.testkit;

import dev.zksim.check.Checker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.check.StillRefusedChecker;
import dev.zksim.check.PermitChecker;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.Countdown;
import dev.zksim.workload.LockWorkload;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A counting semaphore (a set of N leases) under test. Each seed picks N; every worker client
 * takes a lease a number of rounds, as the lock workload does (acquire, hold, release, think;
 * some seeds make waiters give up; after {@code Expired} a new session, same semaphore
 * object). Once every worker is done, N probe clients each take a lease and keep it.
 *
 * <p>Checked: at no instant do more than N sessions believe they hold a lease (a belief ends
 * when the recipe reports it ended, released, SUSPENDED or LOST, or its process crashes; a
 * holder whose session closed is not counted until it has been told Disconnected or Expired,
 * and from then on it counts until it steps down); every
 * acquisition and release completes within a bound after the heal; and the N probes all get
 * their lease within that bound, which they can only if no lease leaked: the lease of a
 * holder that crashed or whose session expired must come back.
 */
public final class SemaphoreScenario extends ScenarioBuilder<SemaphoreScenario> {
    /** A probe keeps its lease until the end of the run. */
    private static final long FOREVER = Time.seconds(3600);

    private final Factory factory;
    private int minPermits = 1;
    private int maxPermits = 3;
    private int minClients = 2;
    private int maxClients = 6;
    private int minRounds = 2;
    private int maxRounds = 4;
    private long holdMin = Time.millis(1);
    private long holdMax = Time.millis(200);
    private long thinkMax = Time.millis(50);
    private Patience patience = Patience.DEFAULT;

    /** Builds one caller's lease on a semaphore of {@code permits} permits. */
    @FunctionalInterface
    public interface Factory {
        LockUnderTest create(TestClient client, int permits, HolderEvents events);
    }

    /** The knob stream of the number of workers, explored by the small scope where they might not outnumber the permits. */
    static final String CLIENTS = "knobs/clients";

    SemaphoreScenario(String id, Factory factory) {
        super(id, "Semaphore " + id + ": clients share N leases under random faults");
        this.factory = Objects.requireNonNull(factory, "factory");
    }

    /** How many permits a seed's semaphore has, inclusive range. */
    public SemaphoreScenario permits(int min, int max) {
        requireRange("permits", 1, min, max);
        this.minPermits = min;
        this.maxPermits = max;
        return this;
    }

    /** How many worker clients a seed runs (the N probes come on top), inclusive range. */
    public SemaphoreScenario clients(int min, int max) {
        requireRange("clients", 1, min, max);
        this.minClients = min;
        this.maxClients = max;
        return this;
    }

    /** How many leases each worker takes in turn, inclusive range. */
    public SemaphoreScenario rounds(int min, int max) {
        requireRange("rounds", 1, min, max);
        this.minRounds = min;
        this.maxRounds = max;
        return this;
    }

    /** A lease is held between {@code min} and {@code max} microseconds. */
    public SemaphoreScenario hold(long min, long max) {
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("hold: need 0 <= min <= max");
        }
        this.holdMin = min;
        this.holdMax = max;
        return this;
    }

    /** A worker thinks up to this long (microseconds) between rounds. */
    public SemaphoreScenario think(long max) {
        this.thinkMax = max;
        return this;
    }

    /** Waiters never give up (by default a third of the seeds make them give up after 0.2 to 3 s). */
    public SemaphoreScenario noGiveUps() {
        this.patience = Patience.NEVER;
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.semaphore(patience.some());
    }

    /**
     * Whether waiters give up, where the scope would otherwise run none; the number of
     * workers, where the smallest is no more than the smallest number of permits (an
     * over-count needs more holders than permits).
     */
    @Override
    protected List<String> smallScopeKnobs() {
        List<String> knobs = new ArrayList<>();
        if (patience.offInSmallScope()) {
            knobs.add(Patience.GIVE_UPS);
        }
        if (minClients <= minPermits && maxClients > minPermits) {
            knobs.add(CLIENTS);
        }
        return knobs;
    }

    @Override
    protected List<String> shapeLimits(boolean faulty) {
        int clients = largestInScope(CLIENTS, minClients, maxClients);
        if (clients > minPermits) {
            return List.of();
        }
        return List.of("with at most " + clients + " client" + (clients == 1 ? "" : "s") + " for " + minPermits
                + " permit" + (minPermits == 1 ? "" : "s") + ", no instant of this scope has more holders than permits,"
                + " so an over-count cannot be found (it needs more clients than permits).");
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int permits = knobs.intIn(minPermits, maxPermits);
        int clients = knobs.named("clients").intIn(minClients, maxClients);
        long giveUpAfter = patience.draw(knobs);
        int rounds = knobs.intIn(minRounds, maxRounds);
        LockWorkload.Plan plan = new LockWorkload.Plan(rounds, Time.millis(200), holdMin, holdMax, thinkMax, giveUpAfter);
        return trial(swarm, permits, clients, plan, faultsFor(swarm));
    }

    private Trial trial(SwarmKnobs swarm, int permits, int clients, LockWorkload.Plan plan, FaultProfile faults) {
        long bound = Bounds.afterHeal(swarm, clients * (plan.holdMax() + Time.millis(200)) + Time.seconds(5));
        // Probes start once the workers are done, or by this instant if one of them never is.
        long probeDeadline = faults.windowEnd() + faults.maxOutage() + bound;
        LockWorkload.Plan probe = new LockWorkload.Plan(1, Time.millis(50), FOREVER, FOREVER, 0, 0);
        LockUnderTest.Factory lease = (client, events) -> factory.create(client, permits, events);
        LockWorkload.Role role = new LockWorkload.Role(OpKind.ACQUIRE, false);
        RecipeTrial.Installer installer = (ensemble, history) -> {
            Countdown working = new Countdown(clients);
            for (int i = 0; i < clients; i++) {
                Workloads.add(ensemble, new LockWorkload(lease, role, plan, new ClientLog(history), null)
                        .whenDone(working::done));
            }
            for (int i = 0; i < permits; i++) {
                Workloads.add(ensemble, new LockWorkload(lease, role, probe, new ClientLog(history), null)
                        .startAfter(working, probeDeadline));
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> List.of(new PermitChecker(permits),
                new LivenessChecker(heal, bound, end).onlyKinds(OpKind.ACQUIRE, OpKind.RELEASE),
                StillRefusedChecker.acquisitions(List.of(OpKind.ACQUIRE), heal, bound));
        List<String> described = List.of("permits: " + permits, "clients: " + clients + " and " + permits + " probes",
                "rounds: " + plan.rounds(), "hold: " + Time.formatSeconds(plan.holdMin()) + ".." + Time.formatSeconds(plan.holdMax()),
                "think: up to " + Time.formatSeconds(plan.thinkMax()),
                "patience: " + Patience.describe(plan.patience()),
                "liveness bound: " + Time.formatSeconds(bound));
        long settle = faults.windowEnd() + faults.maxOutage() + 2 * bound + Time.seconds(5);
        return new RecipeTrial(swarm, faults, installer, settle, checks, described);
    }
}

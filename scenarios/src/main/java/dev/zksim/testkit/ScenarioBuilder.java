package dev.zksim.testkit;

import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.ChoiceLog;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.ReplayingChoices;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.Trial;
import dev.zksim.server.zab.KnownBug;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * What every testkit scenario builder lets a user set: the scenario's id and title, the
 * ensemble sizes the seeds choose from, and the fault profile. Each seed still picks the rest
 * of the ensemble (tick, session timeout, network, crash policy) as swarm testing does.
 *
 * <p>The defaults are those of zksim's own catalogue: 1, 3 or 5 servers, and up to three
 * random faults of every kind but a paused client (a client paused past its session still
 * believes what it believed; only fencing protects against that, and {@link #faults} can ask
 * for it) in the first four seconds.
 *
 * <p>Every shape declares its standard goals ({@link ShapeGoals}): what a run of it should
 * sometimes reach, so that every report says what a sweep or an exploration exercised. Goals
 * given to {@link #goals} add to them; {@link #onlyGoals} replaces them.
 *
 * @param <B> the concrete builder, so that every setter returns it
 */
public abstract class ScenarioBuilder<B extends ScenarioBuilder<B>> {
    private final String id;
    private String title;
    private List<Integer> servers = List.of(1, 3, 5);
    private Function<EnsembleConfig, FaultProfile> faults =
            config -> Profiles.random(Profiles.withoutPausedClients(), 0, 3, Time.seconds(4));
    private List<String> aimAt = List.of();
    private final List<Goal> goals = new ArrayList<>();
    private boolean standardGoals = true;
    private SwarmKnobs fixedEnsemble;
    private int containerCheckIntervalMs;
    private Set<KnownBug> bugs = KnownBug.NONE;

    protected ScenarioBuilder(String id, String defaultTitle) {
        this.id = Objects.requireNonNull(id, "id");
        this.title = defaultTitle;
    }

    @SuppressWarnings("unchecked")
    protected final B self() {
        return (B) this;
    }

    /** A sentence for people, shown by {@code ./zksim list}: "My lock: clients take turns under faults". */
    public B title(String sentence) {
        this.title = Objects.requireNonNull(sentence, "title");
        return self();
    }

    /** The ensemble sizes each seed picks from (1, 3, 5 or 7 servers). */
    public B servers(Integer... sizes) {
        if (sizes.length == 0) {
            throw new IllegalArgumentException("name at least one ensemble size");
        }
        for (int size : sizes) {
            if (size != 1 && size != 3 && size != 5 && size != 7) {
                throw new IllegalArgumentException("an ensemble has 1, 3, 5 or 7 servers, not " + size);
            }
        }
        this.servers = List.of(sizes);
        return self();
    }

    /** The fault profile every seed generates its fault plan from. */
    public B faults(FaultProfile profile) {
        Objects.requireNonNull(profile, "profile");
        this.faults = config -> profile;
        return self();
    }

    /**
     * A fault profile that depends on the ensemble the seed picked, e.g. a pause longer than
     * the session timeout.
     */
    public B faults(Function<EnsembleConfig, FaultProfile> profile) {
        this.faults = Objects.requireNonNull(profile, "profile");
        return self();
    }

    /** Between {@code min} and {@code max} faults of these kinds, from 0.5 s to {@code windowEnd} (microseconds). */
    public B faults(int min, int max, long windowEnd, List<FaultKind> kinds) {
        return faults(Profiles.random(kinds, min, max, windowEnd));
    }

    /**
     * The operations lost requests and lost replies aim at (create, delete, setData, getData,
     * exists, getChildren, multi, sync): those the recipe uses, where a lost request (nothing
     * applied) and a lost reply (applied, answer lost) each test a different recovery path.
     * Each shape's builder names its recipe's operations; a profile that names its own wins.
     */
    public B aimAt(String... operations) {
        this.aimAt = List.of(operations);
        return self();
    }

    /**
     * Every seed runs this ensemble instead of drawing one (no swarm draws at all): for a
     * scenario whose bug needs one exact configuration, such as a single server on a LAN.
     */
    public B ensemble(SwarmKnobs fixed) {
        this.fixedEnsemble = Objects.requireNonNull(fixed, "fixed");
        return self();
    }

    /**
     * How often the leader's container manager deletes empty containers and expired TTL nodes
     * (ZooKeeper's znode.container.checkIntervalMs, 60 s by default): a short interval lets a
     * run see the recipe's containers go. It draws nothing, so seeds keep their other knobs.
     */
    public B containerCheckInterval(int intervalMs) {
        if (intervalMs <= 0) {
            throw new IllegalArgumentException("the container check interval must be positive: " + intervalMs);
        }
        this.containerCheckIntervalMs = intervalMs;
        return self();
    }

    /**
     * Every server of every seed re-introduces these known ZooKeeper bugs ({@link KnownBug};
     * none by default, which is ZooKeeper 3.9.5): to see whether the scenario's checks and the
     * explorer find a bug ZooKeeper really had. It draws nothing, so seeds keep their other knobs.
     *
     * <pre>{@code
     * Testkit.lock("my-lock-4643", MyLock::new).servers(3).bugs(KnownBug.ZK_4643).build();
     * }</pre>
     */
    public B bugs(KnownBug... reintroduced) {
        this.bugs = KnownBug.setOf(List.of(reintroduced));
        return self();
    }

    /**
     * Goals of the user's own: "sometimes" assertions that some run should reach (a holder
     * lost its session while holding), listed as reached or never reached by every report.
     * They add to the shape's standard goals ({@link ShapeGoals}), after them; a goal named as
     * a standard one replaces it.
     */
    public B goals(Goal... goals) {
        this.goals.addAll(List.of(goals));
        return self();
    }

    /** These goals instead of the shape's standard ones (and of any given before). */
    public B onlyGoals(Goal... goals) {
        this.goals.clear();
        this.goals.addAll(List.of(goals));
        this.standardGoals = false;
        return self();
    }

    /** No faults at all: the recipe's behaviour on a healthy ensemble. */
    public B noFaults() {
        return faults(Profiles.random(List.of(), 0, 0, Time.seconds(1)));
    }

    /** The finished scenario. */
    public final Scenario build() {
        return new BuiltScenario(id, title, this::prepare, declaredGoals(), smallScopeKnobs(), this::smallScopeLimits);
    }

    /**
     * The shape's standard goals, then the user's, then the ensemble's: a user's goal named as
     * a standard one takes its place.
     */
    private List<Goal> declaredGoals() {
        Map<String, Goal> byName = new LinkedHashMap<>();
        if (standardGoals) {
            standardGoals().forEach(goal -> byName.put(goal.name(), goal));
        }
        goals.forEach(goal -> byName.put(goal.name(), goal));
        if (standardGoals) {
            ShapeGoals.ensemble().forEach(goal -> byName.putIfAbsent(goal.name(), goal));
        }
        return List.copyOf(byName.values());
    }

    /** This shape's standard goals (see {@link ShapeGoals}), for the builder's settings. */
    protected abstract List<Goal> standardGoals();

    /**
     * The knob streams this shape draws that the explorer's small scope explores instead of
     * fixing ({@link Scenario#smallScopeKnobs()}); none unless a shape declares some.
     */
    protected List<String> smallScopeKnobs() {
        return List.of();
    }

    /**
     * What an exploration with at most {@code faults} faults cannot reach in this scenario
     * ({@link Scenario#unreachableInSmallScope}): a scope without faults, then the shape's own
     * limits.
     */
    private List<String> smallScopeLimits(int faults) {
        List<String> limits = new ArrayList<>();
        FaultProfile profile = faultsFor(swarm(smallest()));
        boolean faulty = faults > 0 && profile.maxFaults() > 0 && !profile.kinds().isEmpty();
        if (!faulty) {
            limits.add("no fault strikes in this scope (" + (faults == 0 ? "--faults 0" : "the scenario has none")
                    + "): no client is disconnected and no session is lost, so no holder loses what it holds"
                    + " and no zombie can be found.");
        }
        limits.addAll(shapeLimits(faulty));
        return limits;
    }

    /**
     * Whether this scenario's generated plans can lose the reply to a request of this
     * operation: the per-request loss, or a lost reply aimed at it.
     */
    protected final boolean repliesCanBeLostOn(String operation) {
        FaultProfile profile = faultsFor(swarm(smallest()));
        return profile.maxFaults() > 0 && (profile.kinds().contains(FaultKind.REQUEST_LOSS)
                || profile.kinds().contains(FaultKind.DROP_REPLY) && profile.aimAt().contains(operation));
    }

    /**
     * The shape's own limits in the small scope, one plain sentence each: a goal or a check
     * that no run of the scope can reach, given the knobs the scope fixes at their smallest
     * (see {@link #largestInScope}) and whether faults strike at all.
     */
    protected List<String> shapeLimits(boolean faulty) {
        return List.of();
    }

    /**
     * Refuses a knob's range [min, max] unless {@code least <= min <= max}, naming the knob
     * ({@code what}) in the one-line error a user sees.
     */
    protected static void requireRange(String what, int least, int min, int max) {
        if (min < least || max < min) {
            throw new IllegalArgumentException(what + ": need " + least + " <= min <= max, not " + min + ".." + max);
        }
    }

    /**
     * Refuses a writer's largest pause between writes below {@link Workloads#MIN_WRITE_GAP},
     * the least one it takes, and returns it.
     */
    protected static long requireGap(long max) {
        if (max < Workloads.MIN_WRITE_GAP) {
            throw new IllegalArgumentException("gap: at least " + Workloads.MIN_WRITE_GAP / Time.millis(1) + " ms");
        }
        return max;
    }

    /** The largest value a knob drawn from [min, max] takes in the small scope: max if the scope explores it, else min. */
    protected final int largestInScope(String knob, int min, int max) {
        return smallScopeKnobs().contains(knob) ? max : min;
    }

    /** Choices that draw 0 everywhere: the small scope's knobs, each at its smallest. */
    private static Choices smallest() {
        return new ReplayingChoices(new ChoiceLog()).stream("knobs");
    }

    /** Draws the ensemble for one seed, then the fault profile for it; subclasses draw their own knobs after. */
    protected final SwarmKnobs swarm(Choices knobs) {
        SwarmKnobs swarm = fixedEnsemble != null ? fixedEnsemble : SwarmKnobs.pick(knobs, servers);
        if (!bugs.isEmpty()) {
            swarm = new SwarmKnobs(swarm.config().withBugs(bugs), swarm.delayModel());
        }
        return containerCheckIntervalMs == 0 ? swarm
                : new SwarmKnobs(swarm.config().withContainerCheckInterval(containerCheckIntervalMs), swarm.delayModel());
    }

    protected final FaultProfile faultsFor(SwarmKnobs swarm) {
        FaultProfile profile = faults.apply(swarm.config());
        return profile.aimAt().isEmpty() && !aimAt.isEmpty() ? profile.aimedAt(aimAt) : profile;
    }

    /** Prepares one seed's trial; knobs are drawn from {@code knobs} in a fixed order. */
    protected abstract Trial prepare(Choices knobs);
}

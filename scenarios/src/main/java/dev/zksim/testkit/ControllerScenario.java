package dev.zksim.testkit;

import dev.zksim.check.Checker;
import dev.zksim.check.ExclusionChecker;
import dev.zksim.check.LeaderAfterHealChecker;
import dev.zksim.check.LeaderWritesChecker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.ControllerScripts;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A controller under test: a leader election whose leader writes a shared state znode while
 * it leads (the controller pattern of Kafka and Helix). Candidates take turns leading as in
 * {@link ElectionScenario}; a leader writes the state as soon as it is told it leads and then
 * every little while, through {@link ControllerUnderTest#writeState}, until it abdicates or
 * stops believing it leads. Readers read the state without a watch and without sync, and now
 * and then open a new session, which may land on a lagging follower; they read until 10 s
 * after the last fault can have healed. After {@code Expired} a
 * candidate opens a new session and enters again with the same controller object.
 *
 * <p>Checked: at no instant do two sessions believe they lead (as in the election scenario,
 * zombies included); no write is accepted from a leader after a newer leader wrote (a stale
 * write), and no reader sees the state go back to an older leader's write, both judged in
 * the state znode's version order, so a reader at a lagging follower that reads an older
 * version is not blamed; a leader exists within a bound after the faults heal; and every
 * withdrawal completes.
 */
public final class ControllerScenario extends ScenarioBuilder<ControllerScenario> {
    /** The shared state znode the leaders write. */
    public static final String STATE = "/controller/state";

    /** How long readers go on reading after the last fault healed. */
    private static final long READ_AFTER_HEAL = Time.seconds(10);

    /** The knob stream of the number of readers, explored by the small scope when none is the smallest. */
    static final String READERS = "knobs/readers";

    private final ControllerUnderTest.Factory factory;
    private int minCandidates = 2;
    private int maxCandidates = 5;
    private int minReaders = 1;
    private int maxReaders = 3;
    private int minTerms = 1;
    private int maxTerms = 3;
    private long termMin = Time.millis(100);
    private long termMax = Time.millis(600);
    private long writeEvery = Time.millis(120);

    ControllerScenario(String id, ControllerUnderTest.Factory factory) {
        super(id, "Controller " + id + ": the elected leader writes shared state under random faults");
        this.factory = Objects.requireNonNull(factory, "factory");
        aimAt("create", "getChildren", "exists", "getData", "setData", "delete", "multi");
    }

    /** How many candidates a seed runs, inclusive range. */
    public ControllerScenario candidates(int min, int max) {
        requireRange("candidates", 1, min, max);
        this.minCandidates = min;
        this.maxCandidates = max;
        return this;
    }

    /** How many readers of the state a seed runs, inclusive range. */
    public ControllerScenario readers(int min, int max) {
        requireRange("readers", 0, min, max);
        this.minReaders = min;
        this.maxReaders = max;
        return this;
    }

    /** How many terms each candidate serves before it leads for good, inclusive range. */
    public ControllerScenario terms(int min, int max) {
        requireRange("terms", 0, min, max);
        this.minTerms = min;
        this.maxTerms = max;
        return this;
    }

    /** A term lasts a time each seed draws from [min, max] (microseconds). */
    public ControllerScenario term(long min, long max) {
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("term: need 0 <= min <= max");
        }
        this.termMin = min;
        this.termMax = max;
        return this;
    }

    /** A leader writes at most this long (microseconds) after its previous write. */
    public ControllerScenario writeEvery(long interval) {
        if (interval < 4) {
            throw new IllegalArgumentException("writeEvery: need at least 4 microseconds, not " + interval);
        }
        this.writeEvery = interval;
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.controller();
    }

    /** The number of candidates, where one is the smallest, and of readers, where none is. */
    @Override
    protected List<String> smallScopeKnobs() {
        List<String> knobs = new ArrayList<>();
        if (minCandidates == 1 && maxCandidates > 1) {
            knobs.add(ElectionScenario.CANDIDATES);
        }
        if (minReaders == 0 && maxReaders > 0) {
            knobs.add(READERS);
        }
        return knobs;
    }

    @Override
    protected List<String> shapeLimits(boolean faulty) {
        List<String> limits = new ArrayList<>(ElectionScenario.candidateLimits(
                largestInScope(ElectionScenario.CANDIDATES, minCandidates, maxCandidates), false));
        if (largestInScope(READERS, minReaders, maxReaders) == 0) {
            limits.add("no readers: nobody reads the state, so a state that goes back cannot be seen.");
        }
        return limits;
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int candidates = knobs.named("candidates").intIn(minCandidates, maxCandidates);
        int readers = knobs.named("readers").intIn(minReaders, maxReaders);
        int terms = knobs.intIn(minTerms, maxTerms);
        long term = knobs.longIn(termMin, termMax);
        return trial(swarm, candidates, readers, terms, term, faultsFor(swarm));
    }

    private Trial trial(SwarmKnobs swarm, int candidates, int readers, int terms, long term, FaultProfile faults) {
        long bound = Bounds.afterHeal(swarm, Time.seconds(5));
        // Readers read until well after the last fault healed and the last leader's writes were done.
        long readUntil = faults.windowEnd() + faults.maxOutage() + READ_AFTER_HEAL;
        RecipeTrial.Installer installer = (ensemble, history) -> {
            for (int i = 0; i < candidates; i++) {
                Workloads.add(ensemble, new ScriptClient(new ClientLog(history),
                        ControllerScripts.candidate(factory, STATE, terms, term, writeEvery)));
            }
            for (int i = 0; i < readers; i++) {
                Workloads.add(ensemble, new ScriptClient(new ClientLog(history),
                        ControllerScripts.reader(STATE, Time.millis(200), 3, readUntil)));
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> List.<Checker>of(ExclusionChecker.leaders(),
                new LeaderWritesChecker(), new LeaderAfterHealChecker(heal, bound, end),
                new LivenessChecker(heal, bound, end).onlyKinds(OpKind.ABDICATED));
        return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, List.of(
                "candidates: " + candidates, "readers: " + readers, "terms each: " + terms,
                "term: " + Time.format(term), "liveness bound: " + Time.format(bound)));
    }
}

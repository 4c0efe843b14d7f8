package dev.zksim.testkit;

import dev.zksim.check.Checker;
import dev.zksim.check.ExclusionChecker;
import dev.zksim.check.HerdChecker;
import dev.zksim.check.LeaderAfterHealChecker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.check.WakeUps;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.ElectionScripts;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.WatchTap;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A leader election under test. Candidates enter the election; a leader serves a term and
 * withdraws, then runs again, until its terms are used up: then it leads for good, so a
 * leader must exist at the end of every run. After {@code Expired} a candidate opens a new
 * session and enters again with the same election object. In some seeds candidates close a
 * candidacy right after entering, while its node's create may be in flight, and enter again
 * at once ({@link #rejoins}).
 *
 * <p>Checked: at no instant do two sessions believe they lead (a belief ends when the recipe
 * reports SUSPENDED, LOST or that it withdrew, or its process crashes; an overlap is excused
 * only while a leader whose session closed had not yet been told Disconnected or Expired, as
 * when it was paused: a leader that keeps leading once told is a zombie); a leader exists within a
 * bound after the faults heal; a departing leader wakes only its successor (herd-free); and
 * every withdrawal completes.
 */
public final class ElectionScenario extends ScenarioBuilder<ElectionScenario> {
    private final ElectionUnderTest.Factory factory;
    private int minCandidates = 2;
    private int maxCandidates = 6;
    private int minTerms = 1;
    private int maxTerms = 3;
    private long termMin = Time.millis(50);
    private long termMax = Time.millis(500);
    private boolean herdFree = true;
    private Patience rejoins = new Patience(1, 3, Time.millis(1), Time.millis(20));

    /** The knob stream of the number of candidates, explored by the small scope when one is the smallest. */
    static final String CANDIDATES = "knobs/candidates";

    ElectionScenario(String id, ElectionUnderTest.Factory factory) {
        super(id, "Election " + id + ": candidates take turns leading under random faults");
        this.factory = Objects.requireNonNull(factory, "factory");
        aimAt("create", "getChildren", "exists", "getData", "delete", "multi");
    }

    /** How many candidates a seed runs, inclusive range. */
    public ElectionScenario candidates(int min, int max) {
        requireRange("candidates", 1, min, max);
        this.minCandidates = min;
        this.maxCandidates = max;
        return this;
    }

    /** How many terms each candidate serves before it leads for good, inclusive range. */
    public ElectionScenario terms(int min, int max) {
        requireRange("terms", 0, min, max);
        this.minTerms = min;
        this.maxTerms = max;
        return this;
    }

    /** A term lasts a time each seed draws from [min, max] (microseconds). */
    public ElectionScenario term(long min, long max) {
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("term: need 0 <= min <= max");
        }
        this.termMin = min;
        this.termMax = max;
        return this;
    }

    /**
     * In {@code numerator} of every {@code denominator} seeds, a candidate that has just
     * entered closes its candidacy ({@link ElectionUnderTest#stop}) within a delay drawn from
     * [min, max] microseconds, while its node's create may be in flight, and enters again at
     * once on the same object, up to three times per process; by default a third of the
     * seeds, within 1 to 20 ms. A node created for a closed candidacy must not stay, nor that
     * candidacy go on competing: either leaves the election without a leader.
     */
    public ElectionScenario rejoins(int numerator, int denominator, long min, long max) {
        this.rejoins = new Patience(numerator, denominator, min, max);
        return this;
    }

    /** Candidates never close and enter again right after entering. */
    public ElectionScenario noRejoins() {
        this.rejoins = Patience.NEVER;
        return this;
    }

    /** Whether the herd-free check runs (default yes). */
    public ElectionScenario herdFree(boolean checked) {
        this.herdFree = checked;
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.election();
    }

    /** The number of candidates, where one is the smallest. */
    @Override
    protected List<String> smallScopeKnobs() {
        return minCandidates == 1 && maxCandidates > 1 ? List.of(CANDIDATES) : List.of();
    }

    @Override
    protected List<String> shapeLimits(boolean faulty) {
        return candidateLimits(largestInScope(CANDIDATES, minCandidates, maxCandidates), herdFree);
    }

    /** What the number of candidates in the small scope rules out, for elections and controllers alike. */
    static List<String> candidateLimits(int candidates, boolean herdFree) {
        if (candidates == 1) {
            return List.of("one candidate: leadership cannot change hands, and two leaders cannot overlap.");
        }
        if (candidates == 2 && herdFree) {
            return List.of("with 2 candidates a departing leader has one successor to wake, so the herd check cannot"
                    + " fail (it needs 3 candidates or more in the scope's smallest configuration).");
        }
        return List.of();
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int candidates = knobs.named("candidates").intIn(minCandidates, maxCandidates);
        int terms = knobs.intIn(minTerms, maxTerms);
        long term = knobs.longIn(termMin, termMax);
        FaultProfile faults = faultsFor(swarm);
        // Drawn last, so that seeds keep the draws they had before candidates could rejoin.
        long rejoinWithin = rejoins.draw(knobs);
        return trial(swarm, candidates, new Plan(terms, term, rejoinWithin), faults);
    }

    /** The terms each candidate serves, a term's length, and the bound of the rejoin delay (0: no rejoins). */
    private record Plan(int terms, long term, long rejoinWithin) {
    }

    private Trial trial(SwarmKnobs swarm, int candidates, Plan plan, FaultProfile faults) {
        int terms = plan.terms();
        long term = plan.term();
        long rejoinWithin = plan.rejoinWithin();
        long bound = Bounds.afterHeal(swarm, Time.seconds(5));
        RecipeTrial.Installer installer = (ensemble, history) -> {
            for (int i = 0; i < candidates; i++) {
                Workloads.add(ensemble, new ScriptClient(new ClientLog(history),
                        ElectionScripts.candidate(factory, terms, term, rejoinWithin)));
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> {
            List<Checker> checkers = new ArrayList<>();
            checkers.add(ExclusionChecker.leaders());
            if (herdFree) {
                checkers.add(WakeUps.checker(HerdChecker.herdFree(), WatchTap.WOKEN, List.of(OpKind.ELECTED)));
            }
            checkers.add(new LeaderAfterHealChecker(heal, bound, end));
            checkers.add(new LivenessChecker(heal, bound, end).onlyKinds(OpKind.ABDICATED));
            return checkers;
        };
        return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, List.of(
                "candidates: " + candidates, "terms each: " + terms, "term: " + Time.formatSeconds(term),
                "close and enter again: " + (rejoinWithin > 0 ? "within " + Time.formatSeconds(rejoinWithin) : "never"),
                "liveness bound: " + Time.formatSeconds(bound)));
    }
}

package dev.zksim.property;

import dev.zksim.kernel.Plural;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.choice.ChoiceLog;
import dev.zksim.kernel.trace.LineDigest;
import dev.zksim.nemesis.FaultPlan;
import dev.zksim.property.ChoiceEdits.Position;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunLimits;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.RunawayRun;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.scenario.SeedSkipped;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongSupplier;
import java.util.function.LongUnaryOperator;
import java.util.function.Predicate;

/**
 * Shrinks a failing run to a minimal one by re-running edited versions from scratch and
 * keeping any edit that still fails the same way: the same failure kind and, for a safety
 * violation, the same checker ({@link FailureSignature}). The fault plan and the choices
 * shrink together, in rounds, each round:
 * <ol>
 *   <li>drops fault steps, one at a time;
 *   <li>zeroes runs of draws, delta-debugging style: all the non-zero draws at once, then
 *       halves, quarters and so on down to single draws, the chunks spanning streams;
 *   <li>coarsens runs of draws the same way, each to its top {@value #COARSE_BITS} bits (a
 *       53-bit uniform draw behind a delay keeps its first binary digits: the delay barely
 *       moves, the line needs two bytes for it instead of eight);
 *   <li>edits single draws: deletes each, lowers it to its top bit, halves it.
 * </ol>
 * Rounds stop when one makes no progress or the {@link ShrinkBudget} is spent. Every helper
 * over {@code Choices} maps a draw of 0 to its simplest outcome, and a replayed stream that
 * runs out draws 0, so zeroed and trailing draws mean fewer clients, shorter delays, no
 * faults, and cost the line nothing: a shrunk log keeps no trailing zeros. Candidates already
 * tried are not run again, so a round that finds nothing new costs only the edits it has not seen.
 *
 * <p>A safety violation that a prefix-final checker sees (exclusion, fencing, unique names)
 * is shrunk on runs that stop at the first such violation: nothing after it can matter, so
 * the draws after it are neither simulated nor candidates for editing, which makes each
 * candidate cheaper and a round of edits much shorter. The smallest such run is then run
 * once more in full, so its reproduce line replays exactly.
 *
 * <p>Candidates run without the trace digest; only the run that is kept is run again with it.
 */
public final class Shrinker {
    /** The binary digits a coarsened draw keeps. */
    static final int COARSE_BITS = 3;
    /** Events a candidate may dispatch beyond half as many again as the failing run's. */
    private static final long CANDIDATE_EVENTS_SLACK = 5_000;

    private final ScenarioRunner runner;
    private final ShrinkBudget budget;
    private final LongSupplier wallNanos;
    private final Set<String> tried = new TreeSet<>();
    private ScenarioRunner candidates;
    private FailureSignature signature;
    private int runs;
    private long started;

    /** A shrinker that may spend {@code budget} runs on a failure. */
    public Shrinker(ScenarioRunner runner, int budget) {
        this(runner, ShrinkBudget.runs(budget), () -> 0L);
    }

    /** A shrinker bounded by {@code budget}, whose time bound (if any) is measured on {@code wallNanos}. */
    public Shrinker(ScenarioRunner runner, ShrinkBudget budget, LongSupplier wallNanos) {
        this.runner = runner;
        this.budget = budget;
        this.wallNanos = wallNanos;
    }

    /** Number of runs the last {@link #shrink} made. */
    public int runs() {
        return runs;
    }

    public RunOutcome shrink(RunOutcome failing) {
        runs = 0;
        tried.clear();
        started = wallNanos.getAsLong();
        signature = FailureSignature.of(failing);
        ScenarioRunner bounded = bounded(runner, failing);
        ScenarioRunner undigested = bounded.withoutDigest();
        if (signature.kind() == FailureKind.SAFETY_VIOLATION) {
            RunOutcome prefix = runQuietly(undigested.stoppingAtFirstViolation(), fixed(failing));
            // Only a run that did stop early gains anything; the others shrink on whole runs.
            if (prefix != null && signature.matches(prefix) && prefix.simulatedTime() < failing.simulatedTime()) {
                RunOutcome shrunk = shrinkFrom(fixedOutcome(prefix), undigested.stoppingAtFirstViolation());
                RunOutcome full = runQuietly(bounded, fixed(shrunk));
                if (full != null && signature.matches(full)) {
                    return fixedOutcome(full);
                }
            }
            // The edits were judged on prefixes; judged on whole runs they may answer otherwise.
            tried.clear();
        }
        return digested(shrinkFrom(fixedOutcome(failing), undigested), bounded, failing);
    }

    /**
     * The smallest run with its digest, which its reproduce line carries. Candidates run
     * without the trace digest, which costs about as much as the run itself and is read only
     * for the one that is kept: so the smallest is run once more with it, unless it is the
     * failing run itself. Runs are deterministic, so that run fails the same way; should it
     * not, the failing run is kept rather than a line that would not replay.
     */
    private RunOutcome digested(RunOutcome smallest, ScenarioRunner bounded, RunOutcome failing) {
        if (!ScenarioRunner.NO_DIGEST.equals(smallest.digest())) {
            return smallest;
        }
        RunOutcome full = runQuietly(bounded, fixed(smallest));
        return full != null && signature.matches(full) ? fixedOutcome(full) : fixedOutcome(failing);
    }

    /**
     * The runner with an event bound half as much again as the failing run's: a candidate that
     * runs much longer (zeroed think times can make waiters give up and retry in a tight loop)
     * is no simpler run, and such candidates, run on to four times the events, took most of the
     * time of a canary's shrink. The bound is not the failing run's own length: zeroed delays
     * often make a run a little longer, and a bound that refused those made the queue canary's
     * shrink take its whole budget.
     */
    private static ScenarioRunner bounded(ScenarioRunner runner, RunOutcome failing) {
        long events = Math.min(runner.limits().maxEvents(), failing.events() + failing.events() / 2 + CANDIDATE_EVENTS_SLACK);
        return runner.withLimits(new RunLimits(events, runner.limits().maxSimulatedTime(), runner.limits().cancelled()));
    }

    /** Shrinks in rounds from {@code failing}, running candidates with {@code using}. */
    private RunOutcome shrinkFrom(RunOutcome failing, ScenarioRunner using) {
        candidates = using;
        RunOutcome best = failing;
        while (!spent()) {
            long[] before = measure(best);
            best = dropFaultSteps(best);
            best = chunks(best, value -> value != 0, value -> 0);
            best = chunks(best, value -> ChoiceEdits.topBits(value, COARSE_BITS) != value,
                    value -> ChoiceEdits.topBits(value, COARSE_BITS));
            best = singles(best);
            if (Arrays.compare(measure(best), before) >= 0) {
                break;
            }
        }
        return best;
    }

    private RunOutcome dropFaultSteps(RunOutcome best) {
        RunOutcome current = best;
        for (int i = current.plan().steps().size() - 1; i >= 0 && !spent(); i--) {
            FaultPlan fewer = current.plan().without(i);
            RunOutcome candidate = attempt(fixed(current).withPlan(fewer), current);
            if (candidate != null) {
                current = candidate;
            }
        }
        return current;
    }

    /**
     * Delta debugging over the draws that {@code editable} picks: {@code edit} applied to all of
     * them at once, then to each half, each quarter, down to single draws. A chunk whose edit
     * still fails is kept edited and the next chunk takes its place; one that does not is left
     * as it was and the search moves past it. After an accepted edit the positions are read again
     * from the run's own draws, since a changed run may draw differently.
     */
    private RunOutcome chunks(RunOutcome best, Predicate<Long> editable, LongUnaryOperator edit) {
        RunOutcome current = best;
        int size = Integer.highestOneBit(Math.max(1, editable(current, editable).size()));
        for (; size >= 1 && !spent(); size /= 2) {
            int start = 0;
            while (!spent()) {
                List<Position> positions = editable(current, editable);
                if (start >= positions.size()) {
                    break;
                }
                List<Position> chunk = positions.subList(start, Math.min(start + size, positions.size()));
                RunOutcome candidate = attempt(fixed(current).withChoices(ChoiceEdits.map(current.choices(), chunk, edit)),
                        current);
                if (candidate != null) {
                    current = candidate;
                } else {
                    start += size;
                }
            }
        }
        return current;
    }

    private static List<Position> editable(RunOutcome outcome, Predicate<Long> editable) {
        ChoiceLog log = outcome.choices();
        return ChoiceEdits.nonZero(log).stream()
                .filter(position -> editable.test(log.values(position.label())[position.index()])).toList();
    }

    /** Each non-zero draw alone: deleted, lowered to its top bit, halved; the first edit that still fails is kept. */
    private RunOutcome singles(RunOutcome best) {
        RunOutcome current = best;
        for (int i = 0; !spent(); i++) {
            List<Position> positions = ChoiceEdits.nonZero(current.choices());
            if (i >= positions.size()) {
                break;
            }
            Position position = positions.get(i);
            long value = current.choices().values(position.label())[position.index()];
            RunOutcome candidate = attempt(fixed(current).withChoices(ChoiceEdits.delete(current.choices(), List.of(position))),
                    current);
            for (long lower : new long[] {ChoiceEdits.topBits(value, 1), value / 2}) {
                if (candidate == null && lower < value && !spent()) {
                    candidate = attempt(fixed(current).withChoices(
                            ChoiceEdits.map(current.choices(), List.of(position), ignored -> lower)), current);
                }
            }
            if (candidate != null) {
                current = candidate;
                i--;
            }
        }
        return current;
    }

    private boolean spent() {
        return budget.spent(runs, started, budget.nanos() == 0 ? started : wallNanos.getAsLong());
    }

    /**
     * Runs a candidate; returns its outcome if it fails the same way and is smaller than
     * current. A run is a pure function of its spec, so a candidate tried before would fail
     * again and is not run: once no new edit is left, shrinking stops instead of spending its
     * budget on known answers.
     */
    private RunOutcome attempt(RunSpec candidate, RunOutcome current) {
        if (!tried.add(LineDigest.of(List.of(key(candidate))))) {
            return null;
        }
        RunOutcome outcome = runQuietly(candidates, candidate);
        if (outcome == null || !signature.matches(outcome)) {
            return null;
        }
        RunOutcome fixed = fixedOutcome(outcome);
        return Arrays.compare(measure(fixed), measure(current)) < 0 ? fixed : null;
    }

    /** Runs a spec, counting the run; null if it is no run at all or ran past its bounds. */
    private RunOutcome runQuietly(ScenarioRunner using, RunSpec spec) {
        runs++;
        try {
            return using.run(spec);
        } catch (IllegalArgumentException | SeedSkipped invalid) {
            // Shrinking a knob can remove a process the fixed plan names (fewer clients than
            // "crash c3" needs); such a candidate is no run at all, so it is not smaller.
            return null;
        } catch (RunawayRun runaway) {
            // A candidate that runs past its bounds did not fail the same way; it is no smaller.
            return null;
        }
    }

    /**
     * The order shrinking descends: fewer fault steps, then fewer bytes of draws in the line
     * (a zero in the middle of a stream counts an eighth of a byte, as a run of them compresses
     * to almost nothing), then fewer non-zero draws, then smaller draws. Measuring what a
     * candidate actually drew (not the edit asked for) keeps an edit that makes the run draw
     * more elsewhere from counting as progress, so shrinking terminates.
     */
    static long[] measure(RunOutcome outcome) {
        long bits = 0;
        long nonZero = 0;
        long sum = 0;
        for (String label : outcome.choices().labels()) {
            for (long value : outcome.choices().values(label)) {
                bits += value == 0 ? 1 : 8L * ChoiceCodec.tokenBytes(value);
                nonZero += value == 0 ? 0 : 1;
                sum += Math.min(value, 1L << 40);
            }
        }
        return new long[] {outcome.plan().steps().size(), bits, nonZero, sum};
    }

    /** Everything a fixed spec's run depends on, as text. */
    private static String key(RunSpec spec) {
        StringBuilder key = new StringBuilder(spec.plan() == null ? "-" : spec.plan().toString());
        if (spec.choices() != null) {
            for (String label : spec.choices().labels()) {
                key.append('\n').append(label).append('=').append(Arrays.toString(spec.choices().values(label)));
            }
        }
        return key.toString();
    }

    /** The spec that replays an outcome exactly: its plan and its drawn choices, fixed. */
    private static RunSpec fixed(RunOutcome outcome) {
        return outcome.spec().withPlan(outcome.plan()).withChoices(outcome.choices());
    }

    /**
     * An outcome whose spec is fixed, so that a reproduce line replays exactly it, with each
     * stream's trailing zeros dropped: a replayed stream that runs out draws 0, so they change
     * nothing, and a full run after a prefix shrink draws many of them.
     */
    private static RunOutcome fixedOutcome(RunOutcome outcome) {
        ChoiceLog trimmed = ChoiceEdits.trimmed(outcome.choices());
        RunSpec spec = outcome.spec().withPlan(outcome.plan()).withChoices(trimmed);
        return new RunOutcome(spec, outcome.failure(), outcome.plan(), trimmed, outcome.knobs(),
                outcome.digest(), outcome.events(), outcome.simulatedTime(), outcome.history(), outcome.goalsReached());
    }

    /** A measure of size for reports: plan steps and total draws. */
    public static String size(RunOutcome outcome) {
        return Plural.of(outcome.plan().steps().size(), "fault step") + ", " + Plural.of(outcome.choices().size(), "choice");
    }
}

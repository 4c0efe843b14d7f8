package dev.zksim.property;

import dev.zksim.kernel.Plural;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.choice.ChoiceLog;
import dev.zksim.nemesis.FaultPlan;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.RunawayRun;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.scenario.SeedSkipped;
import dev.zksim.kernel.trace.LineDigest;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Shrinks a failing run to a minimal one by re-running edited versions from scratch and
 * keeping any edit that still fails the same way (same failure kind). It shrinks the fault
 * plan (drop steps) and the recorded choices of every stream (drop blocks of draws, zero
 * them, halve them) together, in rounds, until a round changes nothing or the run budget is
 * spent. Candidates already tried are not run again, so the round that finds nothing new
 * costs only the edits it has not seen. Because every helper over {@code Choices} maps small draws to simple outcomes,
 * smaller choices mean fewer clients, fewer operations, shorter delays.
 *
 * <p>A safety violation that a prefix-final checker sees (exclusion, fencing, unique names)
 * is shrunk on runs that stop at the first such violation: nothing after it can matter, so
 * the draws after it are neither simulated nor candidates for editing, which makes each
 * candidate cheaper and a round of edits much shorter. The smallest such run is then run
 * once more in full, so its reproduce line replays exactly.
 */
public final class Shrinker {
    private final ScenarioRunner runner;
    private final int budget;
    private final Set<String> tried = new TreeSet<>();
    private ScenarioRunner candidates;
    private int runs;

    public Shrinker(ScenarioRunner runner, int budget) {
        this.runner = runner;
        this.budget = budget;
    }

    /** Number of runs the last {@link #shrink} made. */
    public int runs() {
        return runs;
    }

    public RunOutcome shrink(RunOutcome failing) {
        runs = 0;
        tried.clear();
        FailureKind kind = failing.failureKind().orElseThrow(() -> new IllegalArgumentException("the run did not fail"));
        if (kind == FailureKind.SAFETY_VIOLATION) {
            RunOutcome prefix = runQuietly(runner.stoppingAtFirstViolation(), fixed(failing));
            // Only a run that did stop early gains anything; the others shrink on whole runs.
            if (prefix != null && prefix.failureKind().filter(kind::equals).isPresent()
                    && prefix.simulatedTime() < failing.simulatedTime()) {
                RunOutcome shrunk = shrinkFrom(fixedOutcome(prefix), kind, runner.stoppingAtFirstViolation());
                RunOutcome full = runQuietly(runner, fixed(shrunk));
                if (full != null && full.failureKind().filter(kind::equals).isPresent()) {
                    return fixedOutcome(withoutTrailingZeros(full));
                }
            }
            // The edits were judged on prefixes; judged on whole runs they may answer otherwise.
            tried.clear();
        }
        return shrinkFrom(failing, kind, runner);
    }

    /** Shrinks in rounds from {@code failing}, running candidates with {@code candidates}. */
    private RunOutcome shrinkFrom(RunOutcome failing, FailureKind kind, ScenarioRunner candidates) {
        this.candidates = candidates;
        RunOutcome best = failing;
        boolean improved = true;
        while (improved && runs < budget) {
            improved = false;
            RunOutcome smaller = shrinkPlan(best, kind);
            smaller = shrinkChoices(smaller, kind);
            if (smaller != best) {
                best = smaller;
                improved = true;
            }
        }
        return best;
    }

    private RunOutcome shrinkPlan(RunOutcome best, FailureKind kind) {
        RunOutcome current = best;
        for (int i = current.plan().steps().size() - 1; i >= 0 && runs < budget; i--) {
            FaultPlan fewer = current.plan().without(i);
            RunOutcome candidate = attempt(fixed(current).withPlan(fewer), kind, current);
            if (candidate != null) {
                current = candidate;
            }
        }
        return current;
    }

    private RunOutcome shrinkChoices(RunOutcome best, FailureKind kind) {
        RunOutcome current = best;
        for (String label : current.choices().labels()) {
            current = deleteBlocks(current, label, kind);
            current = lowerValues(current, label, kind);
        }
        return current;
    }

    /** Deletes ever smaller blocks of one stream's draws (the tail first, then inside). */
    private RunOutcome deleteBlocks(RunOutcome best, String label, FailureKind kind) {
        RunOutcome current = best;
        for (int size = Math.max(1, current.choices().values(label).length / 2); size >= 1 && runs < budget; size /= 2) {
            for (int start = current.choices().values(label).length - size; start >= 0 && runs < budget; start -= size) {
                long[] values = current.choices().values(label);
                long[] fewer = new long[values.length - size];
                System.arraycopy(values, 0, fewer, 0, start);
                System.arraycopy(values, start + size, fewer, start, values.length - start - size);
                RunOutcome candidate = attempt(fixed(current).withChoices(current.choices().withValues(label, fewer)), kind, current);
                if (candidate != null) {
                    current = candidate;
                }
            }
            if (size == 1) {
                break;
            }
        }
        return current;
    }

    /** Tries zero, then half, for each draw of one stream. */
    private RunOutcome lowerValues(RunOutcome best, String label, FailureKind kind) {
        RunOutcome current = best;
        for (int i = 0; i < current.choices().values(label).length && runs < budget; i++) {
            long[] values = current.choices().values(label);
            if (i >= values.length || values[i] == 0) {
                continue;
            }
            for (long lower : new long[] {0, values[i] / 2}) {
                long[] edited = Arrays.copyOf(values, values.length);
                edited[i] = lower;
                RunOutcome candidate = attempt(fixed(current).withChoices(current.choices().withValues(label, edited)), kind, current);
                if (candidate != null) {
                    current = candidate;
                    break;
                }
            }
        }
        return current;
    }

    /**
     * Runs a candidate; returns its outcome if it fails the same way and is smaller than
     * current. A run is a pure function of its spec, so a candidate tried before (the half of
     * a draw of 1 is the zero already tried; the last round re-proposes every edit of the
     * previous one that failed) would fail again and is not run: once no new edit is left,
     * shrinking stops instead of spending its budget on known answers.
     */
    private RunOutcome attempt(RunSpec candidate, FailureKind kind, RunOutcome current) {
        if (!tried.add(LineDigest.of(List.of(key(candidate))))) {
            return null;
        }
        RunOutcome outcome = runQuietly(candidates, candidate);
        if (outcome == null) {
            return null;
        }
        boolean sameFailure = outcome.failureKind().filter(kind::equals).isPresent();
        return sameFailure && Arrays.compare(measure(outcome), measure(current)) < 0 ? fixedOutcome(outcome) : null;
    }

    /**
     * The same outcome with each stream's trailing zero draws dropped: a replayed stream that
     * runs out draws 0, so they change nothing, and the full run after a prefix shrink draws
     * many of them where the prefix's draws ran out.
     */
    private static RunOutcome withoutTrailingZeros(RunOutcome outcome) {
        ChoiceLog trimmed = outcome.choices();
        for (String label : outcome.choices().labels()) {
            long[] values = trimmed.values(label);
            int length = values.length;
            while (length > 0 && values[length - 1] == 0) {
                length--;
            }
            if (length < values.length) {
                trimmed = trimmed.withValues(label, Arrays.copyOf(values, length));
            }
        }
        return new RunOutcome(outcome.spec(), outcome.failure(), outcome.plan(), trimmed, outcome.knobs(),
                outcome.digest(), outcome.events(), outcome.simulatedTime(), outcome.history(), outcome.goalsReached());
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
     * The order shrinking descends: fewer fault steps, then fewer draws, then smaller draws.
     * Measuring what a candidate actually drew (not the edit asked for) keeps an edit that
     * makes the run draw more elsewhere from counting as progress, so shrinking terminates.
     */
    private static long[] measure(RunOutcome outcome) {
        long sum = 0;
        for (String label : outcome.choices().labels()) {
            for (long value : outcome.choices().values(label)) {
                sum += Math.min(value, 1L << 40);
            }
        }
        return new long[] {outcome.plan().steps().size(), outcome.choices().size(), sum};
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
        return new RunSpec(outcome.spec().scenario(), outcome.spec().seed(), outcome.plan(), outcome.choices());
    }

    /** An outcome whose spec is fixed, so that a reproduce line replays exactly it. */
    private static RunOutcome fixedOutcome(RunOutcome outcome) {
        return new RunOutcome(fixed(outcome), outcome.failure(), outcome.plan(), outcome.choices(), outcome.knobs(),
                outcome.digest(), outcome.events(), outcome.simulatedTime(), outcome.history(), outcome.goalsReached());
    }

    /** A measure of size for reports: plan steps and total draws. */
    public static String size(RunOutcome outcome) {
        return Plural.of(outcome.plan().steps().size(), "fault step") + ", " + Plural.of(outcome.choices().size(), "choice");
    }
}

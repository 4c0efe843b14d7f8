package dev.zksim.explore;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.scenario.RunSpec;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What an exploration did and found: runs, transitions (events stepped through in new
 * territory), distinct abstract states, the deepest choice level, whether the space was
 * exhausted within the bounds, the goals reached and never reached, growth samples for the
 * report's charts, and the first violation with the spec that reproduces it.
 *
 * @param bounds the bounds, as people read them ("depth 12, 2 delay buckets, at most 1 fault, knobs fixed at 0")
 * @param complete true when a dfs tried every path within the bounds
 * @param truncatedRuns runs that hit the depth bound and went on without branching
 * @param wallNanos wall time spent, 0 when no clock was given
 * @param deviationsSearched a dfs's deviation bound when it stopped (the one a deepening dfs
 *     found its violation in); 0 for the other strategies
 * @param scopeNotes what the scope could not reach, one plain sentence each: what the scenario
 *     judged out of reach before any run ({@link dev.zksim.scenario.Scenario#unreachableInSmallScope}),
 *     then, after a clean exploration, how many goals it never reached
 */
public record ExploreReport(String scenario, Explorer.Strategy strategy, String bounds, long runs, long transitions,
                            long distinctStates, int deepestLevel, boolean complete, long truncatedRuns,
                            List<String> goalsReached, List<String> goalsMissed, List<Sample> samples,
                            Optional<Violation> violation, long wallNanos, int deviationsSearched,
                            List<String> scopeNotes) {

    public ExploreReport {
        scopeNotes = List.copyOf(scopeNotes);
        goalsReached = List.copyOf(goalsReached);
        goalsMissed = List.copyOf(goalsMissed);
        samples = List.copyOf(samples);
    }

    /** Progress at one moment of the exploration, for the growth charts. */
    public record Sample(long wallNanos, long runs, long distinctStates, long coverage) {
    }

    /** The first violation: after how many runs, what broke, and the run that shows it. */
    public record Violation(long run, SimulationFailure failure, RunSpec spec) {
        public FailureKind kind() {
            return failure.kind();
        }
    }

    /** Distinct states per second of wall time (0 without a clock). */
    public double statesPerSecond() {
        return wallNanos == 0 ? 0 : distinctStates * 1e9 / wallNanos;
    }

    /** The exit code of the command: 0 when nothing broke, else the failure's code (3 for safety). */
    public int exitCode() {
        return violation.map(found -> found.kind().exitCode()).orElse(0);
    }

    /** The terminal summary, a few lines. */
    public String summary() {
        StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "%s, %s: %d runs, %d transitions, %d distinct states, %.0f states/s, "
                        + "deepest level %d, %.1f s%n", scenario, strategy.word(), runs, transitions, distinctStates,
                statesPerSecond(), deepestLevel, wallNanos / 1e9));
        text.append("bounds: ").append(bounds).append('\n');
        if (strategy == Explorer.Strategy.DFS) {
            text.append(complete ? "complete within bounds" : violation.isPresent()
                            ? "NOT complete: stopped at the first violation" : "NOT complete: the budget ran out first")
                    .append(truncatedRuns > 0 ? " (" + truncatedRuns + " runs reached the depth bound)" : "").append('\n');
        }
        text.append("goals reached: ").append(goalsReached.isEmpty() ? "none" : String.join("; ", goalsReached)).append('\n');
        text.append("goals never reached: ").append(goalsMissed.isEmpty() ? "none" : String.join("; ", goalsMissed))
                .append('\n');
        scopeNotes.forEach(note -> text.append("scope: ").append(note).append('\n'));
        violation.ifPresent(found -> text.append("first violation after ").append(found.run()).append(" runs: ")
                .append(found.failure().getMessage()).append('\n'));
        return text.toString();
    }
}

package dev.zksim.kernel.trace;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import java.util.Optional;

/**
 * Runs the same seeded run twice and demands the same trace digest. On a mismatch it runs
 * both once more with every line captured and reports the first line where they part,
 * which is usually enough to find the HashMap iteration or wall-clock read responsible.
 */
public final class DeterminismCheck {
    /** Lines kept per run when hunting a divergence. */
    public static final int CAPTURE_LIMIT = 2_000_000;

    /** A complete run from scratch; it attaches the sink (if any) and returns the digest. */
    @FunctionalInterface
    public interface TracedRun {
        String run(TraceSink sinkOrNull);
    }

    private DeterminismCheck() {
    }

    /** Returns the digest both runs agreed on, or throws a NONDETERMINISM failure. */
    public static String verify(TracedRun run) {
        String first = run.run(null);
        String second = run.run(null);
        if (first.equals(second)) {
            return first;
        }
        TraceCapture firstLines = new TraceCapture(CAPTURE_LIMIT);
        TraceCapture secondLines = new TraceCapture(CAPTURE_LIMIT);
        run.run(firstLines);
        run.run(secondLines);
        Optional<TraceDiff.Divergence> divergence = TraceDiff.firstDivergence(firstLines.lines(), secondLines.lines());
        String where = divergence.map(TraceDiff.Divergence::describe)
                .orElse("the captured traces agree line by line, so the difference lies beyond the capture limit");
        throw new SimulationFailure(FailureKind.NONDETERMINISM, 0,
                "the same seed gave digests " + first + " and " + second + "; " + where);
    }
}

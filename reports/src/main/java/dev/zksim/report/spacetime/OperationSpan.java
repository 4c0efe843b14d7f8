package dev.zksim.report.spacetime;

import java.util.Locale;
import java.util.Objects;

/**
 * What a client was doing over a stretch of time, drawn as a bar under its lane: an operation
 * from its invocation to its completion (acquiring, entering, dequeuing), or a belief from the
 * grant to its end (holding, leading). The checkers' evidence of a failure is marked, so the
 * picture shows the two overlapping holds or the operation that never completed.
 *
 * @param process the client's lane
 * @param what a short name, e.g. "ACQUIRE" or "holding ACQUIRE"
 * @param from start, simulated microseconds
 * @param to end, simulated microseconds; for a bar still open at the end, the run's end
 * @param kind how the stretch ended, which sets its colour
 * @param implicated whether the failure names this stretch
 * @param label the tooltip: what happened, with times and op numbers
 */
public record OperationSpan(String process, String what, long from, long to, Kind kind, boolean implicated,
                            String label) {

    /** How a stretch ended. */
    public enum Kind {
        /** An operation that completed OK. */
        OK,
        /** An operation that certainly failed. */
        FAILED,
        /** An operation whose outcome the client could not know (connection loss, crash). */
        UNKNOWN,
        /** An operation with no completion by the end of the run. */
        OPEN,
        /** A belief: the client held or led during this stretch. */
        HELD;

        String cssClass() {
            return "op-" + name().toLowerCase(Locale.ROOT);
        }
    }

    public OperationSpan {
        Objects.requireNonNull(process, "process");
        Objects.requireNonNull(kind, "kind");
        if (to < from) {
            throw new IllegalArgumentException("an operation span ends before it starts: " + from + " > " + to);
        }
    }
}

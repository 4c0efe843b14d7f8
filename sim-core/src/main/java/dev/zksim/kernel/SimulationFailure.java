package dev.zksim.kernel;

import java.util.List;

/**
 * A typed failure of a run, carrying the simulated time it happened at. Checkers throw it;
 * the run loop wraps any other exception thrown by a handler as a {@link
 * FailureKind#SIMULATOR_CRASH}, so every way a run can fail ends up typed.
 */
public final class SimulationFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final FailureKind kind;
    private final long time;
    private final transient List<Long> evidence;

    public SimulationFailure(FailureKind kind, long time, String message) {
        this(kind, time, message, null);
    }

    public SimulationFailure(FailureKind kind, long time, String message, Throwable cause) {
        this(kind, time, message, cause, List.of());
    }

    /**
     * A failure that names its evidence: the indices of the workload history's operations it
     * involves (the two overlapping grants, the operation that never completed), so that a
     * report can point at them.
     */
    public SimulationFailure(FailureKind kind, long time, String message, Throwable cause, List<Long> evidence) {
        super(kind + " at " + Time.formatSeconds(time) + ": " + message, cause);
        this.kind = kind;
        this.time = time;
        this.evidence = List.copyOf(evidence);
    }

    public static SimulationFailure safety(long time, String message) {
        return new SimulationFailure(FailureKind.SAFETY_VIOLATION, time, message);
    }

    public static SimulationFailure liveness(long time, String message) {
        return new SimulationFailure(FailureKind.LIVENESS_TIMEOUT, time, message);
    }

    public FailureKind kind() {
        return kind;
    }

    public long time() {
        return time;
    }

    /** The indices of the history operations this failure involves; empty when it names none. */
    public List<Long> evidence() {
        return evidence == null ? List.of() : evidence;
    }
}

package dev.zksim.kernel;

/**
 * A typed failure of a run, carrying the simulated time it happened at. Checkers throw it;
 * the run loop wraps any other exception thrown by a handler as a {@link
 * FailureKind#SIMULATOR_CRASH}, so every way a run can fail ends up typed.
 */
public final class SimulationFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final FailureKind kind;
    private final long time;

    public SimulationFailure(FailureKind kind, long time, String message) {
        this(kind, time, message, null);
    }

    public SimulationFailure(FailureKind kind, long time, String message, Throwable cause) {
        super(kind + " at " + Time.format(time) + ": " + message, cause);
        this.kind = kind;
        this.time = time;
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
}

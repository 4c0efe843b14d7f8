package dev.zksim.kernel;

/**
 * Where a run stops if it does not go quiet first: a simulated-time horizon and a cap on
 * dispatched events. Both guard against runs that never end, such as a livelock.
 */
public record RunBounds(long maxTime, long maxEvents) {
    public static final RunBounds UNBOUNDED = new RunBounds(Long.MAX_VALUE, Long.MAX_VALUE);

    public RunBounds {
        if (maxTime < 0 || maxEvents < 0) {
            throw new IllegalArgumentException("bounds must not be negative");
        }
    }

    public static RunBounds time(long maxTime) {
        return new RunBounds(maxTime, Long.MAX_VALUE);
    }

    public static RunBounds events(long maxEvents) {
        return new RunBounds(Long.MAX_VALUE, maxEvents);
    }
}

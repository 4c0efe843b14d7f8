package dev.zksim.scenario;

import dev.zksim.kernel.Time;
import java.util.function.BooleanSupplier;

/**
 * The bounds every run gets, so that no run can go on forever: at most {@code maxEvents}
 * dispatched events and {@code maxSimulatedTime} of simulated time, and an optional
 * {@code cancelled} check that the runner polls between slices of events (a sweep's
 * wall-clock watchdog sets it; simulation code itself never reads a clock). A run that
 * reaches a bound ends in {@link RunawayRun}.
 */
public record RunLimits(long maxEvents, long maxSimulatedTime, BooleanSupplier cancelled) {
    /**
     * Generous defaults: far beyond any catalogue run (thousands to a few hundred thousand
     * events), short of "forever". The event bound also bounds memory: a run records every
     * draw for its reproduce line, and a livelocked run of two hundred million events (a
     * shrink candidate whose participants give up and retry forever was one) filled a
     * 6 GB heap before any other bound was reached.
     */
    public static final long DEFAULT_MAX_EVENTS = 20_000_000L;
    public static final long DEFAULT_MAX_SIMULATED_TIME = Time.seconds(3600);
    public static final RunLimits DEFAULT = new RunLimits(DEFAULT_MAX_EVENTS, DEFAULT_MAX_SIMULATED_TIME, () -> false);

    public RunLimits {
        if (maxEvents <= 0 || maxSimulatedTime <= 0) {
            throw new IllegalArgumentException("run bounds must be positive (events " + maxEvents + ", simulated time "
                    + maxSimulatedTime + ")");
        }
    }

    public RunLimits withCancellation(BooleanSupplier check) {
        return new RunLimits(maxEvents, maxSimulatedTime, check);
    }
}

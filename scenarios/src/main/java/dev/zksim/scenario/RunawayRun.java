package dev.zksim.scenario;

import dev.zksim.kernel.Time;

/**
 * A run cut at one of its {@link RunLimits}: it would not end by itself (or not in time),
 * which says something about the run, not about the recipe's invariants. It carries what
 * the run had done when it was cut, so the report can name the seed and how far it got.
 */
public final class RunawayRun extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient RunSpec spec;
    private final long events;
    private final long simulatedTime;
    private final String digest;

    public RunawayRun(RunSpec spec, String reason, long events, long simulatedTime, String digest) {
        super("runaway run: " + reason + " (cut after " + events + " events at simulated " + Time.formatSeconds(simulatedTime) + ")");
        this.spec = spec;
        this.events = events;
        this.simulatedTime = simulatedTime;
        this.digest = digest;
    }

    public RunSpec spec() {
        return spec;
    }

    public long events() {
        return events;
    }

    public long simulatedTime() {
        return simulatedTime;
    }

    /** The trace digest at the cut. */
    public String digest() {
        return digest;
    }
}

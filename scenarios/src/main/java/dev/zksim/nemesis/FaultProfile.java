package dev.zksim.nemesis;

import java.util.List;

/**
 * How to generate a fault plan: which kinds, how many (inclusive range), in which window of
 * simulated time, and how long each outage lasts before its recovery step.
 */
public record FaultProfile(List<FaultKind> kinds, int minFaults, int maxFaults, long windowStart, long windowEnd,
                           long minOutage, long maxOutage) {
    public FaultProfile {
        kinds = List.copyOf(kinds);
        if (minFaults < 0 || maxFaults < minFaults || windowEnd < windowStart || maxOutage < minOutage || minOutage <= 0) {
            throw new IllegalArgumentException("inconsistent fault profile: " + minFaults + ".." + maxFaults + " faults in ["
                    + windowStart + ", " + windowEnd + "], outages " + minOutage + ".." + maxOutage);
        }
        if (kinds.isEmpty() && maxFaults > 0) {
            throw new IllegalArgumentException("a fault profile with faults needs at least one fault kind");
        }
    }
}

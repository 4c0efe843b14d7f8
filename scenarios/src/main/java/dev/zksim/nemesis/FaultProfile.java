package dev.zksim.nemesis;

import dev.zksim.client.RequestMatch;
import java.util.List;

/**
 * How to generate a fault plan: which kinds, how many (inclusive range), in which window of
 * simulated time, how long each outage lasts before its recovery step, and the operations
 * the request faults (lost request, lost reply) aim at: the ones the scenario's recipe
 * uses, by their API names. Lost requests are generated only when it names some; lost
 * replies then hit one of them, and otherwise the next request, whatever it is. With
 * {@code maxNth} above 1 an aimed fault hits the N-th matching request, N drawn from 1 to
 * {@code maxNth} (the plan's {@code #N}): a retry, a second acquisition's create, a cleanup's
 * second delete.
 */
public record FaultProfile(List<FaultKind> kinds, int minFaults, int maxFaults, long windowStart, long windowEnd,
                           long minOutage, long maxOutage, List<String> aimAt, int maxNth) {
    public FaultProfile {
        if (maxNth < 1) {
            throw new IllegalArgumentException("maxNth counts matching requests from 1: " + maxNth);
        }
        kinds = List.copyOf(kinds);
        aimAt = List.copyOf(aimAt);
        for (String operation : aimAt) {
            // Building a match rejects an unknown operation name with a one-line reason.
            new RequestMatch(operation, null);
        }
        if (minFaults < 0 || maxFaults < minFaults || windowEnd < windowStart || maxOutage < minOutage || minOutage <= 0) {
            throw new IllegalArgumentException("inconsistent fault profile: " + minFaults + ".." + maxFaults + " faults in ["
                    + windowStart + ", " + windowEnd + "], outages " + minOutage + ".." + maxOutage);
        }
        if (kinds.isEmpty() && maxFaults > 0) {
            throw new IllegalArgumentException("a fault profile with faults needs at least one fault kind");
        }
    }

    /** A profile whose aimed faults hit the first matching request. */
    public FaultProfile(List<FaultKind> kinds, int minFaults, int maxFaults, long windowStart, long windowEnd,
            long minOutage, long maxOutage, List<String> aimAt) {
        this(kinds, minFaults, maxFaults, windowStart, windowEnd, minOutage, maxOutage, aimAt, 1);
    }

    /** A profile that aims no request fault: a lost reply hits the next request, and no lost requests are generated. */
    public FaultProfile(List<FaultKind> kinds, int minFaults, int maxFaults, long windowStart, long windowEnd,
            long minOutage, long maxOutage) {
        this(kinds, minFaults, maxFaults, windowStart, windowEnd, minOutage, maxOutage, List.of());
    }

    /** This profile with its request faults aimed at these operations (API names, e.g. "create"). */
    public FaultProfile aimedAt(List<String> operations) {
        return new FaultProfile(kinds, minFaults, maxFaults, windowStart, windowEnd, minOutage, maxOutage, operations, maxNth);
    }

    /** This profile with its aimed faults hitting the N-th matching request, N drawn from 1 to {@code maxNth}. */
    public FaultProfile upToNth(int maxNth) {
        return new FaultProfile(kinds, minFaults, maxFaults, windowStart, windowEnd, minOutage, maxOutage, aimAt, maxNth);
    }
}

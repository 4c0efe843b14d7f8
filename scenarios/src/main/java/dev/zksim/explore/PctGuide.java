package dev.zksim.explore;

import dev.zksim.kernel.choice.ChoiceGuide;
import dev.zksim.kernel.choice.SplitMix64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Probabilistic concurrency testing (Burckhardt et al., ASPLOS 2010) over message delays.
 * Each directed link ("net/A>B") gets a random priority when it first sends; a message's
 * delay is the bucket its link's priority falls in (the highest priorities get the shortest
 * delay), so messages that are in flight at once are delivered roughly in priority order,
 * while each link stays FIFO because the network keeps it so. At {@code d - 1} change
 * points, chosen at random among the run's delay draws, the link drawing is demoted below
 * every other: that is how PCT reaches bugs of depth d with probability at least
 * 1/(n k^(d-1)). Draws that are not delays (think times, fault decisions) are random.
 */
final class PctGuide implements ChoiceGuide {
    private final ExploreScope scope;
    private final RandomGuide fallback;
    private final SplitMix64 random;
    private final Map<String, Long> priorities = new LinkedHashMap<>();
    private final long[] changePoints;
    private long delayDraws;
    private long demoted = -1;

    /**
     * @param depth PCT's d: the number of ordering constraints the bug needs (d - 1 change points)
     * @param expectedDelays how many delay draws a run makes, from earlier runs, to place change points
     */
    PctGuide(ExploreScope scope, long seed, int depth, long expectedDelays) {
        this.scope = scope;
        this.fallback = new RandomGuide(scope, SplitMix64.mix(seed ^ 0x5EEDL));
        this.random = new SplitMix64(seed);
        this.changePoints = new long[Math.max(0, depth - 1)];
        for (int i = 0; i < changePoints.length; i++) {
            changePoints[i] = Long.remainderUnsigned(random.nextLong(), Math.max(1, expectedDelays));
        }
    }

    @Override
    public long choose(String label, long bound) {
        if (!label.startsWith("net/")) {
            return fallback.choose(label, bound);
        }
        int options = scope.alternatives(label, bound);
        long draw = delayDraws++;
        for (long point : changePoints) {
            if (point == draw) {
                priorities.put(label, demoted--);
            }
        }
        if (options <= 1) {
            return 0;
        }
        long priority = priorities.computeIfAbsent(label, ignored -> random.nextLong() >>> 1);
        // Demoted links (negative priority) take the longest delay; the others spread over
        // the buckets by priority, the highest in the shortest.
        int index = priority < 0 ? options - 1 : (int) ((Long.MAX_VALUE - priority) / (Long.MAX_VALUE / options + 1));
        return ExploreScope.value(bound, Math.min(index, options - 1), options);
    }

    /** The number of delay draws this run made so far. */
    long delayDraws() {
        return delayDraws;
    }
}

package dev.zksim.explore;

import dev.zksim.kernel.choice.ChoiceGuide;
import dev.zksim.kernel.choice.SplitMix64;

/**
 * Uniformly random choices within the small scope: each draw picks one of its alternatives
 * at random, and at each instant where a fault could strike one does with probability
 * 1/{@link #FAULT_ODDS}, so that faults spread over the window instead of all striking at
 * its first instant.
 */
final class RandomGuide implements ChoiceGuide {
    /** One instant in this many gets a fault (while faults remain). */
    static final int FAULT_ODDS = 24;

    private final ExploreScope scope;
    private final SplitMix64 random;

    RandomGuide(ExploreScope scope, long seed) {
        this.scope = scope;
        this.random = new SplitMix64(seed);
    }

    @Override
    public long choose(String label, long bound) {
        int options = scope.alternatives(label, bound);
        if (options <= 1) {
            return 0;
        }
        if (label.equals(FaultChoice.NOW)) {
            return below(FAULT_ODDS) == 0 ? 1 : 0;
        }
        return ExploreScope.value(bound, below(options), options);
    }

    /** A value in [0, bound) from the run's generator (bound is small, so the modulo bias is negligible). */
    int below(int bound) {
        return (int) Long.remainderUnsigned(random.nextLong(), bound);
    }
}

package dev.zksim.explore;

import dev.zksim.kernel.choice.ChoiceGuide;
import java.util.Arrays;

/**
 * Replays a choice vector (the alternative taken at each choice point, in order) and
 * continues at random where the vector ends, recording what the run actually took: the
 * coverage-guided search's unit of mutation. A vector value too large for a choice point is
 * wrapped into its range, so every mutated vector is a valid run.
 */
final class VectorGuide implements ChoiceGuide {
    private final ExploreScope scope;
    private final int[] replay;
    private final RandomGuide random;
    private int[] taken = new int[64];
    private boolean[] faultDecision = new boolean[64];
    private int length;

    VectorGuide(ExploreScope scope, int[] replay, long seed) {
        this.scope = scope;
        this.replay = replay;
        this.random = new RandomGuide(scope, seed);
    }

    @Override
    public long choose(String label, long bound) {
        int options = scope.alternatives(label, bound);
        if (options <= 1) {
            return 0;
        }
        int index;
        if (length < replay.length) {
            index = Math.floorMod(replay[length], options);
        } else if (label.equals(FaultChoice.NOW)) {
            index = random.below(RandomGuide.FAULT_ODDS) == 0 ? 1 : 0;
        } else {
            index = random.below(options);
        }
        if (length == taken.length) {
            taken = Arrays.copyOf(taken, length * 2);
            faultDecision = Arrays.copyOf(faultDecision, length * 2);
        }
        taken[length] = index;
        faultDecision[length] = label.equals(FaultChoice.NOW);
        length++;
        return ExploreScope.value(bound, index, options);
    }

    /** The vector this run took. */
    int[] taken() {
        return Arrays.copyOf(taken, length);
    }

    /** For each position of {@link #taken()}, whether it decided if a fault strikes. */
    boolean[] faultDecisions() {
        return Arrays.copyOf(faultDecision, length);
    }
}

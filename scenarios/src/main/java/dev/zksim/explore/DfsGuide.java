package dev.zksim.explore;

import dev.zksim.kernel.choice.ChoiceGuide;
import java.util.Arrays;

/**
 * Depth-first enumeration of a run's choice points. A choice point is a draw with more than
 * one alternative in the {@link ExploreScope}; draws with one alternative (fixed knobs) are
 * not choice points. Two bounds keep the space finite:
 * <ul>
 *   <li>deviations (delay bounding, Emmi, Qadeer and Rakamarić, POPL 2011): at most
 *       {@code deviations} choice points of a run take an alternative other than the
 *       default 0 (the shortest delay, no fault). Deciding that a fault strikes is a
 *       deviation; which kind and which target it then takes are free, so one deviation
 *       reaches every single fault at every instant;</li>
 *   <li>depth: only the first {@code depth} choice points branch; beyond, draws are 0.</li>
 * </ul>
 * Each run replays the path chosen so far up to its last choice point, which was advanced
 * to its next alternative, and takes alternative 0 at every new choice point after it.
 * {@link #advance()} then moves to the next path: the deepest choice point with an untried
 * alternative, everything after it forgotten.
 */
final class DfsGuide implements ChoiceGuide {
    private final ExploreScope scope;
    private final int depth;
    private final int maxDeviations;
    private int[] alternatives = new int[64];
    private int[] chosen = new int[64];
    private boolean[] free = new boolean[64];
    private int length;
    private int replay;
    private int position;
    private int deviations;
    private boolean truncated;

    DfsGuide(ExploreScope scope, int depth, int maxDeviations) {
        this.scope = scope;
        this.depth = depth;
        this.maxDeviations = maxDeviations;
    }

    @Override
    public long choose(String label, long bound) {
        int options = scope.alternatives(label, bound);
        if (options <= 1) {
            return 0;
        }
        if (position < replay) {
            if (alternatives[position] != options) {
                throw new IllegalStateException("the run diverged from its replayed prefix at choice point " + position
                        + " (stream " + label + "): the scenario is not a pure function of its choices");
            }
            deviations += !free[position] && chosen[position] != 0 ? 1 : 0;
            return ExploreScope.value(bound, chosen[position++], options);
        }
        boolean isFree = ExploreScope.free(label);
        if (position >= depth || (!isFree && deviations >= maxDeviations)) {
            truncated |= position >= depth;
            return 0;
        }
        if (position == alternatives.length) {
            alternatives = Arrays.copyOf(alternatives, position * 2);
            chosen = Arrays.copyOf(chosen, position * 2);
            free = Arrays.copyOf(free, position * 2);
        }
        alternatives[position] = options;
        chosen[position] = 0;
        free[position] = isFree;
        position++;
        length = position;
        return 0;
    }

    /** Whether the run has replayed its whole prefix, so the states it reaches now are new to it. */
    boolean fresh() {
        return position >= replay;
    }

    /** The number of choice points this run has passed so far. */
    int level() {
        return position;
    }

    /** The deviations from the default choices this run has made so far. */
    int deviations() {
        return deviations;
    }

    /** Whether this run reached the depth bound and went on without branching. */
    boolean truncated() {
        return truncated;
    }

    /**
     * Moves to the next path after a run: the deepest choice point with an untried
     * alternative is advanced and becomes the end of the prefix the next run replays.
     * Returns false when every path within the bounds has been tried.
     */
    boolean advance() {
        int last = length - 1;
        while (last >= 0 && chosen[last] + 1 >= alternatives[last]) {
            last--;
        }
        if (last < 0) {
            length = 0;
            return false;
        }
        chosen[last]++;
        length = last + 1;
        replay = length;
        position = 0;
        deviations = 0;
        truncated = false;
        return true;
    }
}

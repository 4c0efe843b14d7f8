package dev.zksim.explore;

import dev.zksim.kernel.choice.ChoiceGuide;
import java.util.Arrays;

/**
 * Depth-first enumeration of a run's choice points, shallowest deviations first. A choice
 * point is a draw with more than one alternative in the {@link ExploreScope}; draws with one
 * alternative (fixed knobs) are not choice points. Two bounds keep the space finite:
 * <ul>
 *   <li>deviations (delay bounding, Emmi, Qadeer and Rakamarić, POPL 2011): at most
 *       {@code deviations} choice points of a run take an alternative other than the
 *       default 0 (the shortest delay, no fault). Deciding that a fault strikes is a
 *       deviation; which kind and which target it then takes are free, so one deviation
 *       reaches every single fault at every instant;</li>
 *   <li>depth: only the first {@code depth} choice points branch; beyond, draws are 0.</li>
 * </ul>
 * A path is the list of its deviations, each a choice point (by its index in the run) and
 * the alternative taken there; every other choice point takes 0. The paths form a tree: the
 * children of a path add one deviation after its last, at a choice point its run passed.
 * The search visits the tree depth-first with each path's children in ascending order of
 * their choice point, so with one deviation the runs deviate at the first choice point,
 * then the second, and so on. A run's opening, where clients contend and faults hit
 * fresh state, is searched first, and a long run's repetitive tail (a drained queue's
 * consumers giving up again and again) no longer holds the first thousands of runs, as it
 * did when the deepest choice point was advanced first.
 *
 * <p>Each run replays its path and takes 0 at every other choice point. The search keeps,
 * for each deviation of the current path, the alternatives of the choice points of the run
 * it was chosen from (its parent's), which is what the deviation's siblings range over: the
 * memory is the run's length times the path's length.
 */
final class DfsGuide implements ChoiceGuide {
    private final ExploreScope scope;
    private final int depth;
    private final int maxDeviations;
    /** The current path: the choice point and alternative of each deviation, ascending by choice point. */
    private int[] points = new int[8];
    private int[] taken = new int[8];
    /** For each deviation of the path, the alternatives at each choice point of its parent's run, and that run's length. */
    private int[][] parentAlternatives = new int[8][];
    private int[] parentLength = new int[8];
    private int pathLength;
    /** The alternatives at each choice point of the run in progress. */
    private int[] alternatives = new int[64];
    private int position;
    private int nextDeviation;
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
        boolean isFree = scope.free(label);
        // The same test in the parent's run and in every replay of it, since the deviations
        // made before a choice point are the same: the choice points count alike.
        if (position >= depth || (!isFree && deviations >= maxDeviations)) {
            truncated |= position >= depth;
            return 0;
        }
        if (!fresh() && options != parentAlternatives[pathLength - 1][position]) {
            throw new IllegalStateException("the run diverged from its replayed prefix at choice point " + position
                    + " (stream " + label + "): the scenario is not a pure function of its choices");
        }
        if (position == alternatives.length) {
            alternatives = Arrays.copyOf(alternatives, position * 2);
        }
        alternatives[position] = options;
        int index = 0;
        if (nextDeviation < pathLength && points[nextDeviation] == position) {
            index = taken[nextDeviation++];
            deviations += isFree ? 0 : 1;
        }
        position++;
        return ExploreScope.value(bound, index, options);
    }

    /** Whether the run has replayed its whole path, so the states it reaches now are new to it. */
    boolean fresh() {
        return pathLength == 0 || position > points[pathLength - 1];
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
     * Moves to the next path after a run: its first child (one more deviation, at the first
     * choice point the run passed after its last deviation), or else the next sibling of its
     * last deviation (the next alternative, or the next choice point of the parent's run),
     * or else that of an earlier deviation. Returns false when every path within the bounds
     * has been tried.
     */
    boolean advance() {
        int runLength = position;
        int firstChild = pathLength == 0 ? 0 : points[pathLength - 1] + 1;
        if (firstChild < runLength) {
            push(firstChild, runLength);
        } else if (!nextSibling()) {
            return false;
        }
        position = 0;
        nextDeviation = 0;
        deviations = 0;
        truncated = false;
        return true;
    }

    /** Adds a deviation at this choice point of the run just finished, which becomes its parent run. */
    private void push(int point, int runLength) {
        if (pathLength == points.length) {
            points = Arrays.copyOf(points, pathLength * 2);
            taken = Arrays.copyOf(taken, pathLength * 2);
            parentAlternatives = Arrays.copyOf(parentAlternatives, pathLength * 2);
            parentLength = Arrays.copyOf(parentLength, pathLength * 2);
        }
        // The finished run's alternatives become the parent's; the level's old array is reused for the next run.
        int[] recycled = parentAlternatives[pathLength];
        parentAlternatives[pathLength] = alternatives;
        alternatives = recycled != null && recycled.length >= 64 ? recycled : new int[64];
        parentLength[pathLength] = runLength;
        points[pathLength] = point;
        taken[pathLength] = 1;
        pathLength++;
    }

    /** Moves the deepest deviation that has one to its next alternative or choice point; false when none has. */
    private boolean nextSibling() {
        while (pathLength > 0) {
            int last = pathLength - 1;
            if (taken[last] + 1 < parentAlternatives[last][points[last]]) {
                taken[last]++;
                return true;
            }
            if (points[last] + 1 < parentLength[last]) {
                points[last]++;
                taken[last] = 1;
                return true;
            }
            pathLength--;
        }
        return false;
    }
}

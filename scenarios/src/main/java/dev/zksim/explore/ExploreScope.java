package dev.zksim.explore;

import dev.zksim.kernel.choice.SmallScope;

/**
 * The domains an exploration enumerates: the scenario's own draws reduced by a
 * {@link SmallScope} (a few ordered delay buckets, knobs fixed at their smallest), and the
 * explorer's fault decisions in full (whether a fault strikes, its kind, and its targets, up
 * to {@link #MAX_TARGETS} alternatives; longer ranges such as a clog's extra delay fall back
 * to the buckets).
 */
record ExploreScope(SmallScope scope) {
    /** Target picks with up to this many alternatives are enumerated in full. */
    static final int MAX_TARGETS = 8;

    int alternatives(String label, long bound) {
        if (label.startsWith("explore/")) {
            if (label.equals(FaultChoice.NOW) || label.equals(FaultChoice.KIND) || bound <= MAX_TARGETS) {
                return (int) bound;
            }
            return (int) Math.min(bound, scope.buckets());
        }
        return scope.alternatives(label, bound);
    }

    /**
     * Whether a choice of this stream is free under the deviation bound: which kind a fault
     * is and whom it strikes, once the (costly) decision that a fault strikes was made.
     */
    static boolean free(String label) {
        return label.equals(FaultChoice.KIND) || label.equals(FaultChoice.DETAIL);
    }

    static long value(long bound, int index, int alternatives) {
        return SmallScope.value(bound, index, alternatives);
    }
}

package dev.zksim.explore;

import dev.zksim.kernel.choice.SmallScope;
import java.util.List;

/**
 * The domains an exploration enumerates: the scenario's own draws reduced by a
 * {@link SmallScope} (a few ordered delay buckets, knobs fixed at their smallest), and the
 * explorer's fault decisions in full (whether a fault strikes, its kind, and its targets, up
 * to {@link #MAX_TARGETS} alternatives; longer ranges such as a clog's extra delay fall back
 * to the buckets).
 *
 * <p>A scenario may name knob streams that its small scope explores rather than fixes
 * ({@link dev.zksim.scenario.Scenario#smallScopeKnobs()}): each of their draws offers the
 * buckets' few ordered values, as a delay does, and is free under the deviation bound, as a
 * fault's kind is. A knob is a setting of the whole run rather than a perturbation of it,
 * so taking its other value is no step away from the default schedule; and being drawn
 * before anything happens, it only multiplies the space by its few values.
 *
 * @param scope the reduction of the scenario's draws
 * @param knobs the knob streams ("knobs/patience") explored in the buckets instead of fixed
 */
record ExploreScope(SmallScope scope, List<String> knobs) {
    /** Target picks with up to this many alternatives are enumerated in full. */
    static final int MAX_TARGETS = 8;

    ExploreScope {
        knobs = List.copyOf(knobs);
    }

    /** The small scope with every knob fixed. */
    ExploreScope(SmallScope scope) {
        this(scope, List.of());
    }

    int alternatives(String label, long bound) {
        if (label.startsWith("explore/")) {
            if (label.equals(FaultChoice.NOW) || label.equals(FaultChoice.KIND) || bound <= MAX_TARGETS) {
                return (int) bound;
            }
            return (int) Math.min(bound, scope.buckets());
        }
        if (!knobs.isEmpty() && knobs.contains(label)) {
            return (int) Math.min(bound, scope.buckets());
        }
        return scope.alternatives(label, bound);
    }

    /**
     * Whether a choice of this stream is free under the deviation bound: which kind a fault
     * is and whom it strikes, once the (costly) decision that a fault strikes was made, and
     * the value of an explored knob.
     */
    boolean free(String label) {
        return label.equals(FaultChoice.KIND) || label.equals(FaultChoice.DETAIL)
                || (!knobs.isEmpty() && knobs.contains(label));
    }

    /** The bounds' words for reports: which knobs are fixed and which explored. */
    String knobWords() {
        return knobs.isEmpty() ? "knobs fixed at their smallest"
                : "knobs fixed at their smallest but " + String.join(", ", knobs) + " (" + scope.buckets() + " values)";
    }

    static long value(long bound, int index, int alternatives) {
        return SmallScope.value(bound, index, alternatives);
    }
}

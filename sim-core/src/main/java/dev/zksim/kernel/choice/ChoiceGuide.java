package dev.zksim.kernel.choice;

/**
 * Where the draws of a {@link GuidedChoices} come from: an exploration strategy (depth-first
 * enumeration, PCT, coverage-guided mutation) decides each draw knowing the stream's label
 * and bound. A guide sees the draws of all streams in the order the run makes them, which
 * is what lets it enumerate a run's choice points one after another.
 */
@FunctionalInterface
public interface ChoiceGuide {

    /** The value of the next draw of the stream with this label path, in [0, bound). */
    long choose(String label, long bound);
}

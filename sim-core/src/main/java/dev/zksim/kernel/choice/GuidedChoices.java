package dev.zksim.kernel.choice;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Choices whose every draw, in every labelled stream, is decided by one {@link ChoiceGuide}.
 * This is how the explorer becomes just another choice source (DESIGN section 8): the
 * simulator does not know whether a draw came from a PRNG, a replayed log or a search.
 */
public final class GuidedChoices implements Choices {
    private final ChoiceGuide guide;
    private final String label;
    private final Map<String, GuidedChoices> children = new LinkedHashMap<>();

    public GuidedChoices(ChoiceGuide guide) {
        this(guide, "");
    }

    private GuidedChoices(ChoiceGuide guide, String label) {
        this.guide = guide;
        this.label = label;
    }

    @Override
    public long draw(long bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        long value = guide.choose(label, bound);
        if (value < 0 || value >= bound) {
            throw new IllegalStateException("guide chose " + value + " outside [0, " + bound + ") in stream " + label);
        }
        return value;
    }

    @Override
    public Choices stream(String childLabel) {
        return children.computeIfAbsent(childLabel, name -> new GuidedChoices(guide, ChoiceLog.join(label, name)));
    }

    @Override
    public String label() {
        return label;
    }
}

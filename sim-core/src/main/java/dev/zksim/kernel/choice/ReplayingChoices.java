package dev.zksim.kernel.choice;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Choices that replay a {@link ChoiceLog}. A stream returns its recorded values in order;
 * a value too large for the bound asked for is clamped to the largest allowed one, and a
 * stream that runs out draws 0. Both rules make any edited log a valid run, which is what
 * the shrinker needs: it can delete, zero or lower draws freely.
 */
public final class ReplayingChoices implements Choices {
    private final ChoiceLog log;
    private final String label;
    private final long[] values;
    private int next;
    private final Map<String, ReplayingChoices> children = new LinkedHashMap<>();

    public ReplayingChoices(ChoiceLog log) {
        this(log, "");
    }

    private ReplayingChoices(ChoiceLog log, String label) {
        this.log = log;
        this.label = label;
        this.values = log.values(label);
    }

    @Override
    public long draw(long bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        if (next >= values.length) {
            return 0;
        }
        long value = values[next++];
        return Math.max(0, Math.min(value, bound - 1));
    }

    @Override
    public Choices stream(String childLabel) {
        return children.computeIfAbsent(childLabel, name -> new ReplayingChoices(log, ChoiceLog.join(label, name)));
    }

    @Override
    public String label() {
        return label;
    }

    /** How many recorded values this stream has not used yet. */
    public int remaining() {
        return values.length - next;
    }
}

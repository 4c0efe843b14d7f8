package dev.zksim.kernel.choice;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Choices drawn from a {@link SplitMix64} generator. The root stream is seeded with the run's
 * seed; each labelled sub-stream gets its own generator seeded from (parent seed, label), so
 * the draws of one stream never depend on how many draws another stream made.
 */
public final class SeededChoices implements Choices {
    private final long seed;
    private final String label;
    private final SplitMix64 random;
    private final Map<String, SeededChoices> children = new LinkedHashMap<>();

    public SeededChoices(long seed) {
        this(seed, "");
    }

    private SeededChoices(long seed, String label) {
        this.seed = seed;
        this.label = label;
        this.random = new SplitMix64(seed);
    }

    @Override
    public long draw(long bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        return uniformBelow(bound);
    }

    /**
     * Rejection sampling that keeps every value in [0, bound) equally likely: a power of two
     * takes the low bits; otherwise 63-bit values from the top of the range that would make
     * the remainder biased are redrawn.
     */
    private long uniformBelow(long bound) {
        long bits = random.nextLong();
        long mask = bound - 1;
        if ((bound & mask) == 0) {
            return bits & mask;
        }
        long candidate = bits >>> 1;
        long value = candidate % bound;
        while (candidate + mask - value < 0) {
            candidate = random.nextLong() >>> 1;
            value = candidate % bound;
        }
        return value;
    }

    /** A lookup first, and a new stream only when there is none: most calls ask for a stream that exists. */
    @Override
    public Choices stream(String childLabel) {
        SeededChoices child = children.get(childLabel);
        if (child == null) {
            child = new SeededChoices(SplitMix64.childSeed(seed, childLabel), ChoiceLog.join(label, childLabel));
            children.put(childLabel, child);
        }
        return child;
    }

    /** Draws from this stream's generator under the label path "label/name" (see {@link Choices#named}). */
    @Override
    public Choices named(String name) {
        return new Named(ChoiceLog.join(label, name), name);
    }

    @Override
    public String label() {
        return label;
    }

    /** This stream's generator under another label; its own sub-streams are those of the sub-stream it names. */
    private final class Named implements Choices {
        private final String path;
        private final String name;

        Named(String path, String name) {
            this.path = path;
            this.name = name;
        }

        @Override
        public long draw(long bound) {
            return SeededChoices.this.draw(bound);
        }

        @Override
        public Choices stream(String childLabel) {
            return SeededChoices.this.stream(name).stream(childLabel);
        }

        @Override
        public String label() {
            return path;
        }
    }

    @Override
    public String toString() {
        return "SeededChoices[" + (label.isEmpty() ? "root" : label) + "]";
    }
}

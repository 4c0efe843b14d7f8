package dev.zksim.kernel.choice;

import java.util.List;

/**
 * The small-scope reduction of every choice domain (DESIGN section 8): a draw over
 * [0, bound) offers at most {@code buckets} alternatives, spread evenly and in order over the
 * range (alternative 0 is the smallest value, the last is the largest). A message delay
 * thus takes one of a few ordered values, so deliveries on different links interleave in
 * every order that matters while each link stays FIFO (the network keeps it); time is
 * never dropped, only coarsened. Streams whose label starts with one of {@code fixed}
 * (the scenario's knobs, by default) offer a single alternative, the draw of 0, which the
 * catalogue promises is the smallest, calmest configuration.
 */
public record SmallScope(int buckets, List<String> fixed) {

    /** Two delay buckets, the knobs fixed at their smallest. */
    public static final SmallScope DEFAULT = new SmallScope(2, List.of("knobs"));

    public SmallScope {
        if (buckets < 1) {
            throw new IllegalArgumentException("a small scope needs at least one bucket, not " + buckets);
        }
        fixed = List.copyOf(fixed);
    }

    /** How many alternatives a draw of this stream and bound offers (at least 1). */
    public int alternatives(String label, long bound) {
        for (String prefix : fixed) {
            // Compared in place: this runs for every draw of an exploration, and building
            // prefix + "/" each time was a string allocation per draw.
            if (label.startsWith(prefix) && (label.length() == prefix.length() || label.charAt(prefix.length()) == '/')) {
                return 1;
            }
        }
        return (int) Math.min(bound, buckets);
    }

    /** The drawn value of alternative {@code index} out of {@code alternatives} over [0, bound). */
    public static long value(long bound, int index, int alternatives) {
        if (index == 0 || alternatives <= 1) {
            return 0;
        }
        if (alternatives >= bound) {
            return index;
        }
        // (bound - 1) * index / (alternatives - 1) without overflowing for bounds near 2^63.
        long step = (bound - 1) / (alternatives - 1);
        long rest = (bound - 1) % (alternatives - 1);
        return step * index + rest * index / (alternatives - 1);
    }
}

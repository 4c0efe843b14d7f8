package dev.zksim.kernel.choice;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The one source of nondeterminism in a simulation (DESIGN section 1). Every message delay,
 * server pick, fault time and think time is a draw from a Choices stream, so a run is a
 * pure function of (scenario, choices).
 *
 * <p>Draws are made in labelled sub-streams ({@link #stream(String)}): the network, the
 * fault plan and each client draw from their own stream, so a new draw in one subsystem
 * does not shift the draws of any other. Every helper reduces to {@link #draw(long)}, and
 * every helper maps a draw of 0 to its smallest, simplest outcome, which is what lets the
 * shrinker minimise a run by lowering recorded draws towards zero.
 */
public interface Choices {

    /** A uniformly distributed value in [0, bound); bound must be positive. */
    long draw(long bound);

    /**
     * The sub-stream with this label, created on first use. Asking again for the same label
     * returns the same stream, continuing where it left off.
     */
    Choices stream(String label);

    /**
     * This stream's own draws, but named {@code name} for guides and logs: a seeded stream
     * draws them from its own generator, in order with its other draws, so a seed keeps every
     * value it had before a draw was named; a guide, a log and a replay see them under the
     * label path "label/name", as they would a sub-stream's. This is how a scenario lets an
     * explorer treat one knob apart from the others ("knobs/clients") without changing what
     * any seed draws. By default the named draws simply are the sub-stream {@code name}.
     */
    default Choices named(String name) {
        return stream(name);
    }

    /** The label path of this stream, "" for the root and "net/s1" for nested streams. */
    String label();

    /** An int in [low, high], both inclusive. */
    default int intIn(int low, int high) {
        if (high < low) {
            throw new IllegalArgumentException("empty range [" + low + ", " + high + "]");
        }
        return (int) (low + draw((long) high - low + 1));
    }

    /** A long in [low, high], both inclusive; the range must not span all of long. */
    default long longIn(long low, long high) {
        if (high < low) {
            throw new IllegalArgumentException("empty range [" + low + ", " + high + "]");
        }
        long span = high - low + 1;
        if (span <= 0) {
            throw new IllegalArgumentException("range too wide: [" + low + ", " + high + "]");
        }
        return low + draw(span);
    }

    /**
     * True with probability numerator/denominator. A draw of 0 means "no", so shrinking
     * switches optional behaviour (faults, retries) off.
     */
    default boolean chance(long numerator, long denominator) {
        if (denominator <= 0 || numerator < 0 || numerator > denominator) {
            throw new IllegalArgumentException("not a probability: " + numerator + "/" + denominator);
        }
        return draw(denominator) >= denominator - numerator;
    }

    /** One element of a non-empty list; a draw of 0 picks the first. */
    default <T> T pick(List<T> items) {
        if (items.isEmpty()) {
            throw new IllegalArgumentException("cannot pick from an empty list");
        }
        return items.get((int) draw(items.size()));
    }

    /** A duration in microseconds sampled from the distribution. */
    default long duration(Distribution distribution) {
        return distribution.sample(this);
    }

    /**
     * A shuffled copy (Fisher-Yates, drawing from the front). All draws of 0 leave the
     * order unchanged.
     */
    default <T> List<T> shuffle(List<T> items) {
        @SuppressWarnings("unchecked")
        T[] shuffled = (T[]) items.toArray();
        shuffleInPlace(shuffled);
        return new ArrayList<>(Arrays.asList(shuffled));
    }

    /**
     * Shuffles the array where it stands, with the same draws as {@link #shuffle}: for a
     * caller that already holds a copy of its own. Swapping array slots directly, not through
     * a list's get and set, matters to the server, which shuffles every getChildren reply.
     */
    default void shuffleInPlace(Object[] items) {
        for (int i = 0; i < items.length - 1; i++) {
            int j = i + (int) draw(items.length - i);
            Object swap = items[i];
            items[i] = items[j];
            items[j] = swap;
        }
    }
}

package dev.zksim.kernel.choice;

/**
 * The PRNG behind every seeded choice: SplitMix64 (Steele, Lea and Flood, "Fast splittable
 * pseudorandom number generators", OOPSLA 2014), the generator java.util.SplittableRandom
 * is built on. It is written out here rather than borrowed from the JDK so that its output
 * is fixed by this file alone and cannot change with a JDK version: a seed printed today
 * must replay the same run on any later JVM.
 *
 * <p>State advances by the odd constant 0x9E3779B97F4A7C15 (the golden ratio); each output
 * is the state passed through the MurmurHash3-style finaliser with David Stafford's
 * "variant 13" constants.
 */
public final class SplitMix64 {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private long state;

    public SplitMix64(long seed) {
        this.state = seed;
    }

    /** The next 64 uniformly distributed bits. */
    public long nextLong() {
        state += GOLDEN_GAMMA;
        return mix(state);
    }

    /** The finaliser on its own: a bijective scramble of 64 bits, also used to derive seeds. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * The seed of a labelled sub-stream: FNV-1a over the label's UTF-16 code units, mixed
     * with the parent seed. Streams with different labels are independent for all
     * practical purposes, and the result depends only on (parent seed, label).
     */
    public static long childSeed(long parentSeed, String label) {
        long hash = 0xCBF29CE484222325L;
        for (int i = 0; i < label.length(); i++) {
            hash ^= label.charAt(i);
            hash *= 0x100000001B3L;
        }
        return mix(parentSeed ^ mix(hash));
    }
}

package dev.zksim.kernel.choice;

/**
 * A distribution of durations in microseconds, sampled from a {@link Choices} stream.
 * Each maps a draw of 0 to its minimum so that shrinking makes runs faster and calmer.
 * Floating-point steps use StrictMath, whose results are fixed across JVMs and CPUs.
 */
public sealed interface Distribution {

    long sample(Choices choices);

    /** Always the same value. Draws nothing, so it never shifts a stream. */
    record Constant(long micros) implements Distribution {
        public Constant {
            requireNonNegative(micros);
        }

        @Override
        public long sample(Choices choices) {
            return micros;
        }
    }

    /** Uniform over [low, high] inclusive. */
    record Uniform(long low, long high) implements Distribution {
        public Uniform {
            requireNonNegative(low);
            if (high < low) {
                throw new IllegalArgumentException("empty range [" + low + ", " + high + "]");
            }
        }

        @Override
        public long sample(Choices choices) {
            return choices.longIn(low, high);
        }
    }

    /**
     * min plus an exponential tail with the given mean, capped at max: the classic model of
     * a network or disk latency with rare slow outliers.
     */
    record Exponential(long min, long mean, long max) implements Distribution {
        public Exponential {
            requireNonNegative(min);
            if (mean <= 0 || max < min) {
                throw new IllegalArgumentException("bad exponential: min=" + min + " mean=" + mean + " max=" + max);
            }
        }

        @Override
        public long sample(Choices choices) {
            return Math.min(max, min + ExponentialTail.of(mean, choices.draw(ExponentialTail.RESOLUTION)));
        }
    }

    /**
     * Usually {@code usual}, but with probability numerator/denominator {@code spike}: a
     * delay spike, a GC pause, a slow fsync.
     */
    record Spiky(Distribution usual, Distribution spike, long numerator, long denominator) implements Distribution {
        @Override
        public long sample(Choices choices) {
            return choices.chance(numerator, denominator) ? spike.sample(choices) : usual.sample(choices);
        }
    }

    private static void requireNonNegative(long micros) {
        if (micros < 0) {
            throw new IllegalArgumentException("negative duration: " + micros);
        }
    }
}

package dev.zksim.kernel.choice;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExponentialTailTest {

    @Test
    void everyDrawGivesStrictMathsTailWhateverTheMean() {
        SplitMix64 bits = new SplitMix64(2026);
        for (long mean : new long[] {1, 7, 500, 10_000, 2_000_000, 1L << 40}) {
            for (int i = 0; i < 200_000; i++) {
                long draw = bits.nextLong() >>> 11;
                assertThat(ExponentialTail.of(mean, draw))
                        .as("mean %d, draw %d", mean, draw)
                        .isEqualTo(ExponentialTail.strict(mean, draw / (double) ExponentialTail.RESOLUTION));
            }
        }
    }

    @Test
    void theExtremeDrawsGiveStrictMathsTail() {
        long last = ExponentialTail.RESOLUTION - 1;
        assertThat(ExponentialTail.of(1000, 0)).isZero();
        assertThat(ExponentialTail.of(1000, last)).isEqualTo(ExponentialTail.strict(1000, last / (double) ExponentialTail.RESOLUTION));
    }

    /**
     * Where the tail steps from n - 1 to n, the intrinsic's product cannot tell the two apart
     * and StrictMath decides: with a mean of 1 a step of the draw moves the product by far less
     * than the margin, so the draws around each step exercise both branches.
     */
    @Test
    void drawsWhereTheTailStepsAreDecidedByStrictMath() {
        int decidedByStrict = 0;
        int settled = 0;
        for (int n = 1; n <= 20; n++) {
            long step = firstDrawWithTailAtLeast(1, n);
            for (long draw = step - 2_000; draw <= step + 2_000; draw++) {
                double uniform = draw / (double) ExponentialTail.RESOLUTION;
                if (ExponentialTail.settledByIntrinsic(1, uniform) < 0) {
                    decidedByStrict++;
                } else {
                    settled++;
                }
                assertThat(ExponentialTail.of(1, draw)).as("draw %d", draw).isEqualTo(ExponentialTail.strict(1, uniform));
            }
        }
        assertThat(decidedByStrict).isPositive();
        assertThat(settled).isPositive();
    }

    /** The smallest draw whose StrictMath tail is at least n, by bisection (the tail rises with the draw). */
    private static long firstDrawWithTailAtLeast(long mean, long n) {
        long low = 0;
        long high = ExponentialTail.RESOLUTION - 1;
        while (low < high) {
            long middle = (low + high) >>> 1;
            if (ExponentialTail.strict(mean, middle / (double) ExponentialTail.RESOLUTION) >= n) {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        return low;
    }
}

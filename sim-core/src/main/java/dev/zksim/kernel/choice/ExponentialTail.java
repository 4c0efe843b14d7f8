package dev.zksim.kernel.choice;

import dev.zksim.kernel.SuppressForbidden;

/**
 * The whole microseconds of an exponential tail, {@code (long) (-mean * StrictMath.log1p(-u))}
 * for {@code u = draw / 2^53}, computed mostly without StrictMath.
 *
 * <p>Every message the network sends samples its delay here, and the pure-Java logarithm of
 * StrictMath took about twice as long as the JIT's intrinsic {@code Math.log}. The intrinsic
 * is banned from simulation code because its last bit may differ between JVMs, but only the
 * whole part of the product is kept, and a last bit rarely reaches it. Both logarithms lie
 * within one ulp of the exact one (their Javadoc promises it), and {@code 1 - u} is exact
 * because {@code u} has at most 53 significant bits, so the two products differ by less than
 * {@link #MARGIN} of their size. When the intrinsic's product truncates to the same long at
 * both ends of that margin, StrictMath's product, which lies between them, truncates to it
 * too; only otherwise (about once in ten million draws) is StrictMath asked. The result is
 * therefore StrictMath's on every JVM and CPU, as the determinism rules require.
 */
final class ExponentialTail {
    /** Draws are whole numbers below 2^53, so that {@code draw / 2^53} and {@code 1 - u} are exact. */
    static final long RESOLUTION = 1L << 53;
    /**
     * A relative bound on the difference of the two products, with room to spare: each
     * logarithm is off by at most one ulp (2^-52 of its size), and each product adds half an
     * ulp of rounding, so they differ by at most about 2^-50 of their size.
     */
    private static final double MARGIN = 0x1p-46;

    private ExponentialTail() {
    }

    /** {@code (long) (-mean * StrictMath.log1p(-(draw / 2^53)))}, for 0 <= draw < 2^53. */
    static long of(long mean, long draw) {
        double uniform = (double) draw / RESOLUTION;
        long settled = settledByIntrinsic(mean, uniform);
        return settled >= 0 ? settled : strict(mean, uniform);
    }

    /** The definition: what every draw returned before the intrinsic, and what it must still return. */
    static long strict(long mean, double uniform) {
        return (long) (-mean * StrictMath.log1p(-uniform));
    }

    /** The tail, if the intrinsic's product settles it; -1 if only StrictMath can. */
    static long settledByIntrinsic(long mean, double uniform) {
        double estimate = -mean * intrinsicLog(1 - uniform);
        double margin = Math.abs(estimate) * MARGIN;
        long low = (long) (estimate - margin);
        return low == (long) (estimate + margin) ? low : -1;
    }

    @SuppressForbidden("only filters: a result is kept only where no last bit of it can change the truncated value")
    private static double intrinsicLog(double x) {
        return Math.log(x);
    }
}

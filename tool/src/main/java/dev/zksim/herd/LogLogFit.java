package dev.zksim.herd;

import java.util.List;

/**
 * The least-squares slope of log(y) against log(x): the exponent k of a power law y = c*x^k.
 * Points whose y is not positive have no logarithm and are left out. StrictMath keeps the
 * last digit the same on every JVM, so the report files stay byte-identical.
 */
public final class LogLogFit {

    private LogLogFit() {
    }

    /** The fitted exponent, or NaN when fewer than two distinct x remain to fit. */
    public static double slope(List<double[]> points) {
        double n = 0;
        double sumX = 0;
        double sumY = 0;
        for (double[] point : points) {
            if (point[0] > 0 && point[1] > 0) {
                n++;
                sumX += StrictMath.log(point[0]);
                sumY += StrictMath.log(point[1]);
            }
        }
        if (n < 2) {
            return Double.NaN;
        }
        double meanX = sumX / n;
        double meanY = sumY / n;
        double sxy = 0;
        double sxx = 0;
        for (double[] point : points) {
            if (point[0] > 0 && point[1] > 0) {
                double dx = StrictMath.log(point[0]) - meanX;
                sxy += dx * (StrictMath.log(point[1]) - meanY);
                sxx += dx * dx;
            }
        }
        return sxx == 0 ? Double.NaN : sxy / sxx;
    }
}

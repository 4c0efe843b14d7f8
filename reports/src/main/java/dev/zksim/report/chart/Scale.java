package dev.zksim.report.chart;

/**
 * How an axis maps values to positions. LOG is base 10 and ignores values that are not
 * positive: a herd-effect chart plots counts against ensemble or client sizes on log-log
 * axes, where a power law becomes a straight line.
 */
public enum Scale {
    LINEAR,
    LOG;

    /** The value in the axis's own coordinate (itself, or its log10). */
    double transform(double value) {
        return this == LOG ? Math.log10(value) : value;
    }

    boolean accepts(double value) {
        return Double.isFinite(value) && (this == LINEAR || value > 0);
    }
}

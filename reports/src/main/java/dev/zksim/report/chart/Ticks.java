package dev.zksim.report.chart;

import dev.zksim.report.html.Num;
import java.util.ArrayList;
import java.util.List;

/**
 * Where an axis puts its labelled ticks. A linear axis steps by 1, 2 or 5 times a power of
 * ten so that about six ticks fit; a log axis ticks each power of ten, adding 2 and 5 within
 * the decade when the range spans fewer than three decades, so a short log axis still has
 * labels to read.
 */
final class Ticks {
    private static final int TARGET = 6;

    private Ticks() {
    }

    /** The domain padded out to whole ticks, as [low, high] in the axis's own coordinate. */
    static double[] domain(Scale scale, double min, double max) {
        if (scale == Scale.LOG) {
            double low = Math.floor(Math.log10(min));
            double high = Math.ceil(Math.log10(max));
            return new double[] {low, high > low ? high : low + 1};
        }
        if (max <= min) {
            return new double[] {min - 1, max + 1};
        }
        double step = step(max - min);
        return new double[] {Math.floor(min / step) * step, Math.ceil(max / step) * step};
    }

    /** Tick values (in data units) inside the domain. */
    static List<Double> values(Scale scale, double[] domain) {
        List<Double> ticks = new ArrayList<>();
        if (scale == Scale.LOG) {
            boolean fine = domain[1] - domain[0] < 3;
            for (int exponent = (int) domain[0]; exponent <= (int) domain[1]; exponent++) {
                double decade = Math.pow(10, exponent);
                ticks.add(decade);
                if (fine && exponent < (int) domain[1]) {
                    ticks.add(2 * decade);
                    ticks.add(5 * decade);
                }
            }
            return ticks;
        }
        double step = step(domain[1] - domain[0]);
        long first = Math.round(domain[0] / step);
        long last = Math.round(domain[1] / step);
        for (long i = first; i <= last; i++) {
            ticks.add(i * step);
        }
        return ticks;
    }

    /** The 1-2-5 step that cuts the span into about TARGET pieces. */
    static double step(double span) {
        double raw = span / TARGET;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double fraction = raw / magnitude;
        double nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
        return nice * magnitude;
    }

    /** A tick label: integers without decimals, others with up to four significant decimals. */
    static String label(double value) {
        if (Math.abs(value) >= 1e6 && value == Math.rint(value)) {
            int exponent = (int) Math.floor(Math.log10(Math.abs(value)));
            double mantissa = value / Math.pow(10, exponent);
            return (mantissa == 1 ? "" : Num.fmt(mantissa, 2) + "\u00d7") + "10^" + exponent;
        }
        return Num.fmt(value, 4);
    }
}

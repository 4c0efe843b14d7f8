package dev.zksim.report.html;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Numbers as they appear in generated files: at most two decimals for coordinates, no
 * exponent, no locale, no "-0". The same double always gives the same text, which keeps
 * the output of one trace byte-identical from run to run.
 */
public final class Num {

    private Num() {
    }

    /** A coordinate or a measure, rounded half-up to two decimals, trailing zeros removed. */
    public static String fmt(double value) {
        return fmt(value, 2);
    }

    /** The value rounded half-up to the given number of decimals, trailing zeros removed. */
    public static String fmt(double value, int decimals) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("not a finite number: " + value);
        }
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).stripTrailingZeros();
        if (rounded.signum() == 0) {
            return "0";
        }
        return rounded.toPlainString();
    }
}

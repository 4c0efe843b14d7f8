package dev.zksim.report.herd;

import java.util.List;

/**
 * One variant's sweep: its rows by growing client count, the least-squares slope of
 * log(wakeups) against log(clients) fitted over them, and what the ZooKeeper paper (or the
 * recipes page) leads one to expect.
 *
 * @param variant a short name, e.g. "lock file"
 * @param handoff what one handoff is for this variant, in a sentence
 * @param expectedSlope the expected growth exponent: 1 for O(n), 2 for O(n^2)
 * @param expectation why that is expected, in a sentence
 * @param slope the fitted exponent; NaN if fewer than two rows had wakeups to fit
 */
public record HerdSeries(String variant, String handoff, double expectedSlope, String expectation, List<HerdRow> rows,
        double slope) {

    public HerdSeries {
        rows = List.copyOf(rows);
    }

    /** True if the fitted slope is within half a unit of the expected one. */
    public boolean asExpected() {
        return !Double.isNaN(slope) && Math.abs(slope - expectedSlope) < 0.5;
    }

    /** The growth class a slope suggests, for the summary line: O(1), O(n), O(n^2)... */
    public static String growth(double slope) {
        if (Double.isNaN(slope)) {
            return "no fit";
        }
        long power = Math.round(slope);
        return switch ((int) Math.max(0, Math.min(3, power))) {
            case 0 -> "O(1)";
            case 1 -> "O(n)";
            case 2 -> "O(n^2)";
            default -> "O(n^3) or worse";
        };
    }
}

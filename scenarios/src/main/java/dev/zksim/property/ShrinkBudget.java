package dev.zksim.property;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much a shrinker may spend on one failure: a number of runs, or a span of wall-clock time.
 * A run budget gives the same minimal case on every machine; a time budget gives the best case
 * found in that time, which depends on the machine's speed but always replays exactly (its
 * line carries the choices it found). The wall clock decides only when to stop trying, never
 * what a run does.
 *
 * @param runs the most runs, or 0 for no bound on runs
 * @param nanos the most wall-clock nanoseconds, or 0 for no bound on time
 */
public record ShrinkBudget(int runs, long nanos) {
    /** The runs of the default budget: every catalogue canary and example shrinks within a third of them. */
    public static final int DEFAULT_RUNS = 600;
    /** The default: a number of runs, so that a failure shrinks to the same case on every machine. */
    public static final ShrinkBudget DEFAULT = runs(DEFAULT_RUNS);

    private static final Pattern SECONDS = Pattern.compile("(\\d{1,6}(?:\\.\\d{1,3})?)s");
    private static final Pattern RUNS = Pattern.compile("\\d{1,9}");

    public ShrinkBudget {
        if (runs < 0 || nanos < 0 || (runs == 0 && nanos == 0)) {
            throw new IllegalArgumentException("a shrink budget needs a positive number of runs or of seconds");
        }
    }

    /** At most this many runs. */
    public static ShrinkBudget runs(int runs) {
        return new ShrinkBudget(runs, 0);
    }

    /** At most this much wall-clock time, in milliseconds. */
    public static ShrinkBudget millis(long millis) {
        return new ShrinkBudget(0, millis * 1_000_000L);
    }

    /**
     * Parses {@code N} (runs) or {@code Ds} (seconds of wall time, up to three decimals), e.g.
     * {@code 400} or {@code 5s}; anything else is an IllegalArgumentException with a one-line reason.
     */
    public static ShrinkBudget parse(String text) {
        String trimmed = text.trim();
        Matcher seconds = SECONDS.matcher(trimmed);
        if (seconds.matches()) {
            long millis = Math.round(Double.parseDouble(seconds.group(1)) * 1000);
            if (millis > 0) {
                return millis(millis);
            }
        } else if (RUNS.matcher(trimmed).matches() && Integer.parseInt(trimmed) > 0) {
            return runs(Integer.parseInt(trimmed));
        }
        throw new IllegalArgumentException("bad shrink budget '" + text
                + "': expected a positive number of runs (400) or of seconds (5s)");
    }

    /** Whether a shrinker that made {@code made} runs and started at {@code startedNanos} must stop now. */
    boolean spent(int made, long startedNanos, long nowNanos) {
        return (runs > 0 && made >= runs) || (nanos > 0 && nowNanos - startedNanos >= nanos);
    }

    @Override
    public String toString() {
        return nanos == 0 ? runs + " runs" : (runs == 0 ? "" : runs + " runs or ") + nanos / 1_000_000 + " ms";
    }
}

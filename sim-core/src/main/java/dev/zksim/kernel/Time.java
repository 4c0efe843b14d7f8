package dev.zksim.kernel;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Simulated time is a long count of microseconds since the start of the run. Fine enough
 * for sub-millisecond network delays, and a long lasts for 292,000 years of simulation.
 */
public final class Time {
    public static final long MICROS_PER_MILLI = 1_000L;
    public static final long MICROS_PER_SECOND = 1_000_000L;

    private Time() {
    }

    public static long millis(long millis) {
        return Math.multiplyExact(millis, MICROS_PER_MILLI);
    }

    public static long seconds(long seconds) {
        return Math.multiplyExact(seconds, MICROS_PER_SECOND);
    }

    /** The time as seconds with microsecond precision, e.g. "1.250000s". */
    public static String format(long micros) {
        return appendFormatted(new StringBuilder(16), micros).toString();
    }

    /**
     * The time or duration in seconds, as people read it: "0.2s", "30s", "12.345678s" (exact:
     * trailing zeros are dropped, never digits). Messages and descriptions use this; the
     * trace keeps {@link #format(long)}'s fixed six decimals, which line up in a column.
     */
    public static String formatSeconds(long micros) {
        return BigDecimal.valueOf(micros, 6).stripTrailingZeros().toPlainString() + "s";
    }

    /**
     * Appends {@link #format(long)}'s text without building intermediate strings: the trace
     * formats a time for every event it records, so this sits on a hot path.
     */
    public static StringBuilder appendFormatted(StringBuilder out, long micros) {
        long magnitude = Math.abs(micros);
        if (micros < 0) {
            out.append('-');
        }
        out.append(magnitude / MICROS_PER_SECOND).append('.');
        long fraction = magnitude % MICROS_PER_SECOND;
        for (long digit = MICROS_PER_SECOND / 10; digit > 1 && fraction < digit; digit /= 10) {
            out.append('0');
        }
        return out.append(fraction).append('s');
    }

    /**
     * The shortest exact text for a duration, the form people write: "3s", "1.25s",
     * "300ms", "40us". {@link #parse(String)} reads it back to the same value.
     */
    public static String formatShort(long micros) {
        if (micros != 0 && Math.abs(micros) < MICROS_PER_MILLI) {
            return micros + "us";
        }
        if (Math.abs(micros) < MICROS_PER_SECOND && micros % MICROS_PER_MILLI == 0 && micros != 0) {
            return micros / MICROS_PER_MILLI + "ms";
        }
        return BigDecimal.valueOf(micros, 6).stripTrailingZeros().toPlainString() + "s";
    }

    /**
     * Parses a duration such as "1.2s", "250ms", "40us" or "3m" into microseconds, exactly
     * (decimal arithmetic, no floating point). Throws IllegalArgumentException on bad input.
     */
    public static long parse(String text) {
        String trimmed = text.trim();
        int unitStart = 0;
        while (unitStart < trimmed.length() && (Character.isDigit(trimmed.charAt(unitStart)) || trimmed.charAt(unitStart) == '.')) {
            unitStart++;
        }
        if (unitStart == 0) {
            throw new IllegalArgumentException("not a duration: '" + text + "' (expected e.g. 1.5s, 200ms, 50us)");
        }
        BigDecimal amount = new BigDecimal(trimmed.substring(0, unitStart));
        long scale = switch (trimmed.substring(unitStart)) {
            case "us" -> 1L;
            case "ms" -> MICROS_PER_MILLI;
            case "s", "" -> MICROS_PER_SECOND;
            case "m", "min" -> 60 * MICROS_PER_SECOND;
            default -> throw new IllegalArgumentException("unknown time unit in '" + text + "' (use us, ms, s or m)");
        };
        return amount.multiply(BigDecimal.valueOf(scale)).setScale(0, RoundingMode.HALF_UP).longValueExact();
    }
}

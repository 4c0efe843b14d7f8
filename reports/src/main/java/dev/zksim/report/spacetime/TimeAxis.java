package dev.zksim.report.spacetime;

import dev.zksim.kernel.net.NetEvent;
import dev.zksim.kernel.trace.TraceRecord;
import java.util.Arrays;
import java.util.TreeSet;

/**
 * The diagram's x axis: simulated time, compressed where nothing happens. A simulated
 * message takes well under a millisecond while a run lasts a minute, so a linear axis
 * would draw every arrow as a vertical line. Instead each distinct instant at which
 * something happens gets a column: consecutive instants are at least MIN_STEP pixels
 * apart, further apart in proportion to the time between them, but never more than
 * MAX_STEP, and a gap that was shortened is reported so the diagram can mark it. Between
 * two instants the mapping is linear, so it is monotone and arrows never point backwards.
 */
public final class TimeAxis {
    static final double MIN_STEP = 5;
    static final double MAX_STEP = 60;
    /** Pixels per microsecond of real time between instants: 4 px per millisecond. */
    static final double PX_PER_MICRO = 0.004;

    private final long[] times;
    private final double[] xs;
    private final double origin;

    private TimeAxis(long[] times, double origin) {
        this.times = times;
        this.origin = origin;
        this.xs = new double[times.length];
        double x = origin;
        for (int i = 0; i < times.length; i++) {
            if (i > 0) {
                x += step(times[i] - times[i - 1]);
            }
            xs[i] = x;
        }
    }

    /** An axis over every instant the records mention (event times and message send times), starting at x = origin. */
    public static TimeAxis of(Iterable<TraceRecord> records, double origin) {
        TreeSet<Long> instants = new TreeSet<>();
        for (TraceRecord record : records) {
            instants.add(record.time());
            if (record.event() instanceof NetEvent.Delivered delivered) {
                instants.add(delivered.sentAt());
            }
        }
        long[] times = instants.isEmpty() ? new long[] {0} : instants.stream().mapToLong(Long::longValue).toArray();
        return new TimeAxis(times, origin);
    }

    static double step(long micros) {
        return Math.max(MIN_STEP, Math.min(MAX_STEP, micros * PX_PER_MICRO));
    }

    /** Whether the gap before instant i was shortened (it would have been wider than MAX_STEP). */
    boolean compressedBefore(int i) {
        return i > 0 && (times[i] - times[i - 1]) * PX_PER_MICRO > MAX_STEP;
    }

    /** The x position of a time; times outside the axis are clamped to its ends. */
    public double x(long time) {
        int found = Arrays.binarySearch(times, time);
        if (found >= 0) {
            return xs[found];
        }
        int after = -found - 1;
        if (after == 0) {
            return xs[0];
        }
        if (after >= times.length) {
            return xs[times.length - 1];
        }
        double fraction = (double) (time - times[after - 1]) / (times[after] - times[after - 1]);
        return xs[after - 1] + fraction * (xs[after] - xs[after - 1]);
    }

    public int instants() {
        return times.length;
    }

    public long time(int i) {
        return times[i];
    }

    public double xAt(int i) {
        return xs[i];
    }

    public double start() {
        return origin;
    }

    public double end() {
        return xs[xs.length - 1];
    }
}

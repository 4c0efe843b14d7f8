package dev.zksim.report.trace;

import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.kernel.trace.TraceSink;
import java.util.ArrayList;
import java.util.List;

/**
 * A trace sink that keeps the first records of a run, up to a limit, and counts all of
 * them. Reports draw from what it kept and say how much they left out; a long run cannot
 * exhaust memory through it. Records are values (their events are records of primitives
 * and strings), so keeping them keeps no simulation state alive.
 */
public final class RecordCapture implements TraceSink {
    private final int limit;
    private final List<TraceRecord> kept = new ArrayList<>();
    private long seen;

    public RecordCapture(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("negative limit " + limit);
        }
        this.limit = limit;
    }

    @Override
    public void accept(TraceRecord record) {
        seen++;
        if (kept.size() < limit) {
            kept.add(record);
        }
    }

    /** The kept records, oldest first. */
    public List<TraceRecord> records() {
        return List.copyOf(kept);
    }

    /** Every record the sink was given, kept or not. */
    public long seen() {
        return seen;
    }

    public boolean truncated() {
        return seen > kept.size();
    }
}

package dev.zksim.kernel.trace;

import dev.zksim.kernel.Time;

/** A trace event stamped with the simulated time and the process it happened in. */
public record TraceRecord(long sequence, long time, String process, TraceEvent event) {

    /** The canonical line the digest is computed over; stable across JVMs. */
    public String canonicalLine() {
        return sequence + " " + Time.format(time) + " " + process + " " + event;
    }
}

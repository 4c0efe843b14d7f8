package dev.zksim.kernel.trace;

import dev.zksim.kernel.Time;

/** A trace event stamped with the simulated time and the process it happened in. */
public record TraceRecord(long sequence, long time, String process, TraceEvent event) {

    /**
     * The canonical line the digest is computed over, stable across JVMs: time, process and
     * the event's text. The sequence number is left out because the digest already depends
     * on the order of lines.
     */
    public String canonicalLine() {
        return appendCanonical(new StringBuilder(96)).toString();
    }

    /** Appends the canonical line to a buffer the caller may reuse. */
    StringBuilder appendCanonical(StringBuilder out) {
        return Time.appendFormatted(out, time).append(' ').append(process).append(' ').append(event);
    }
}

package dev.zksim.kernel.trace;

import dev.zksim.kernel.Time;

/** A trace event stamped with the simulated time and the process it happened in. */
public record TraceRecord(long sequence, long time, String process, TraceEvent event) {

    /**
     * The canonical line, stable across JVMs: time, process and the event's text. Sinks and
     * divergence reports read it; the digest is computed over the structured fields instead
     * ({@link DigestEncoder}), which carry the same information without rendering it. The
     * sequence number is left out: order is already what a sequence of lines says.
     */
    public String canonicalLine() {
        return appendCanonical(new StringBuilder(96)).toString();
    }

    /** Appends the canonical line to a buffer the caller may reuse. */
    StringBuilder appendCanonical(StringBuilder out) {
        return Time.appendFormatted(out, time).append(' ').append(process).append(' ').append(event);
    }
}

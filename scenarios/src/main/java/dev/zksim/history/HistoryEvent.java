package dev.zksim.history;

import dev.zksim.kernel.trace.TraceEvent;

/**
 * An op as a trace event. Time and process are left out because the trace record already
 * stamps them; the rest is made of records and strings, so the canonical line is stable.
 */
public record HistoryEvent(long index, OpType type, OpKind f, Value value, String note, long session)
        implements TraceEvent {
}

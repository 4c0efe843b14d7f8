package dev.zksim.scenario;

import dev.zksim.kernel.trace.EventCounts;
import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.kernel.trace.TraceSink;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts a run's trace events by kind, for {@link Goal}s: the kind is the event record's
 * name with its enclosing type, "ZabEvent.Elected", "ProcessEvent.Crashed". A run reads the
 * counts its trace keeps anyway ({@link #of}); as a sink, a counter counts what it is given.
 */
public final class TraceCounter implements TraceSink {
    private final EventCounts counts;

    /** A counter of the records it accepts as a sink. */
    public TraceCounter() {
        this(new EventCounts());
    }

    private TraceCounter(EventCounts counts) {
        this.counts = counts;
    }

    /** A view of the counts a trace keeps of every event it is given ({@code Trace.counts()}). */
    public static TraceCounter of(EventCounts counts) {
        return new TraceCounter(counts);
    }

    @Override
    public void accept(TraceRecord record) {
        counts.add(record.event().getClass());
    }

    /** The kind of a trace record's event, as goals name it. */
    public static String kind(TraceRecord record) {
        return kind(record.event().getClass());
    }

    private static String kind(Class<?> type) {
        return KINDS.get(type);
    }

    /** Each event class's kind, worked out once: goals read the counts at the end of every run. */
    private static final ClassValue<String> KINDS = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            String name = type.getName();
            return name.substring(name.lastIndexOf('.') + 1).replace('$', '.');
        }
    };

    /** The counts so far, by kind, sorted by kind. */
    public Map<String, Integer> counts() {
        Map<String, Integer> byKind = new TreeMap<>();
        counts.forEach((type, count) -> byKind.merge(kind(type), count, Integer::sum));
        return Collections.unmodifiableMap(byKind);
    }
}

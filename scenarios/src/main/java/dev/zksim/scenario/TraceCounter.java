package dev.zksim.scenario;

import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.kernel.trace.TraceSink;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts a run's trace events by kind, for {@link Goal}s: the kind is the event record's
 * name with its enclosing type, "ZabEvent.Elected", "ProcessEvent.Crashed".
 */
public final class TraceCounter implements TraceSink {
    private final Map<String, Integer> counts = new TreeMap<>();
    // Looked up by class, never iterated: the kind's name is built once per event class.
    private final Map<Class<?>, String> kinds = new LinkedHashMap<>();

    @Override
    public void accept(TraceRecord record) {
        counts.merge(kinds.computeIfAbsent(record.event().getClass(), ignored -> kind(record)), 1, Integer::sum);
    }

    /** The kind of a trace record's event, as goals name it. */
    public static String kind(TraceRecord record) {
        String name = record.event().getClass().getName();
        return name.substring(name.lastIndexOf('.') + 1).replace('$', '.');
    }

    /** The counts so far, by kind (a live, unmodifiable view). */
    public Map<String, Integer> counts() {
        return Collections.unmodifiableMap(counts);
    }
}

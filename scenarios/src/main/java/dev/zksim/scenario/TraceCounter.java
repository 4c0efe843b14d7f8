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
    // Counted by event class, looked up and never iterated in hash order (the insertion
    // order is kept): a name per class is built only when the counts are read.
    private final Map<Class<?>, int[]> byClass = new LinkedHashMap<>();

    @Override
    public void accept(TraceRecord record) {
        byClass.computeIfAbsent(record.event().getClass(), ignored -> new int[1])[0]++;
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
        Map<String, Integer> counts = new TreeMap<>();
        byClass.forEach((type, count) -> counts.merge(kind(type), count[0], Integer::sum));
        return Collections.unmodifiableMap(counts);
    }
}

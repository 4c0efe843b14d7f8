package dev.zksim.kernel.trace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A traced event class with a fixed index into every {@link EventCounts}. Every counted
 * class gets its key the first time it is counted; the call sites that count an event on
 * nearly every step of a run (a delivery, a request, a reply) hold theirs in a static final
 * field, where its index is a constant to the compiler, so counting is one array increment
 * instead of a probe of a table by the class name's hash. The index is given in the order
 * keys are first made and means nothing outside this JVM; counts are reported by class.
 *
 * @param type  the event class counted
 * @param index its slot in {@link EventCounts}' array of counts
 */
public record EventKey(Class<? extends TraceEvent> type, int index) {
    private static final Map<Class<?>, EventKey> KEYS = new LinkedHashMap<>();
    private static final List<EventKey> BY_INDEX = new ArrayList<>();

    /** The key of this class, the same object every time it is asked for. */
    public static synchronized EventKey of(Class<? extends TraceEvent> type) {
        return KEYS.computeIfAbsent(type, unused -> {
            EventKey key = new EventKey(type, BY_INDEX.size());
            BY_INDEX.add(key);
            return key;
        });
    }

    /** The key at this index. */
    static synchronized EventKey at(int index) {
        return BY_INDEX.get(index);
    }

    /** How many keys exist so far. */
    static synchronized int count() {
        return BY_INDEX.size();
    }
}

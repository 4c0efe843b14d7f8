package dev.zksim.scenario;

import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.kernel.trace.TraceSink;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts a run's trace events by kind, for {@link Goal}s: the kind is the event record's
 * name with its enclosing type, "ZabEvent.Elected", "ProcessEvent.Crashed".
 */
public final class TraceCounter implements TraceSink {
    /**
     * Counts by event class in a small open-addressing table, each class in the slot its
     * name's hash picks: a run emits a few dozen classes, and a record's count is then one
     * or two comparisons. A per-class index from a ClassValue cost a thirtieth of a sweep,
     * a hash-map lookup a twelfth. The slots' order is never shown: counts are read by kind
     * name, sorted.
     */
    private Class<?>[] types;
    private int[] counts;
    private int distinct;

    public TraceCounter() {
        this(64);
    }

    /** A counter whose table starts with this many slots, a power of two (tests start small to make it grow). */
    TraceCounter(int slots) {
        types = new Class<?>[slots];
        counts = new int[slots];
    }

    @Override
    public void accept(TraceRecord record) {
        Class<?> type = record.event().getClass();
        int mask = types.length - 1;
        int slot = slot(type, mask);
        while (true) {
            Class<?> held = types[slot];
            if (held == type) {
                counts[slot]++;
                return;
            }
            if (held == null) {
                add(slot, type);
                return;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** Puts a class first met into its empty slot, with a count of one; keeps the table at most half full. */
    private void add(int slot, Class<?> type) {
        types[slot] = type;
        counts[slot] = 1;
        if (++distinct * 2 > types.length) {
            Class<?>[] oldTypes = types;
            int[] oldCounts = counts;
            types = new Class<?>[oldTypes.length * 2];
            counts = new int[oldTypes.length * 2];
            int mask = types.length - 1;
            for (int i = 0; i < oldTypes.length; i++) {
                if (oldTypes[i] != null) {
                    int at = slot(oldTypes[i], mask);
                    while (types[at] != null) {
                        at = (at + 1) & mask;
                    }
                    types[at] = oldTypes[i];
                    counts[at] = oldCounts[i];
                }
            }
        }
    }

    /** The class name's hash (the JVM keeps both), spread so that its high bits count too. */
    private static int slot(Class<?> type, int mask) {
        int hash = type.getName().hashCode();
        return (hash ^ (hash >>> 16)) & mask;
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
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0) {
                byKind.merge(kind(types[i]), counts[i], Integer::sum);
            }
        }
        return Collections.unmodifiableMap(byKind);
    }
}

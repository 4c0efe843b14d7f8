package dev.zksim.scenario;

import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.kernel.trace.TraceSink;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts a run's trace events by kind, for {@link Goal}s: the kind is the event record's
 * name with its enclosing type, "ZabEvent.Elected", "ProcessEvent.Crashed".
 */
public final class TraceCounter implements TraceSink {
    /**
     * A small number per event class, handed out as classes are first counted anywhere in
     * the JVM. The numbers index each counter's arrays and are never shown: counts are read
     * by kind name, sorted, so the order in which sweep threads met the classes cannot leak
     * into a result. A hash-map lookup per record was a twelfth of a sweep's CPU.
     */
    private static final AtomicInteger NEXT_INDEX = new AtomicInteger();
    private static final ClassValue<Integer> INDEX = new ClassValue<>() {
        @Override
        protected Integer computeValue(Class<?> type) {
            return NEXT_INDEX.getAndIncrement();
        }
    };

    private int[] counts = new int[32];
    private Class<?>[] types = new Class<?>[32];

    @Override
    public void accept(TraceRecord record) {
        Class<?> type = record.event().getClass();
        int index = INDEX.get(type);
        if (index >= counts.length) {
            int capacity = Math.max(index + 1, counts.length * 2);
            counts = Arrays.copyOf(counts, capacity);
            types = Arrays.copyOf(types, capacity);
        }
        if (counts[index]++ == 0) {
            types[index] = type;
        }
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

package dev.zksim.kernel.trace;

import java.util.Arrays;
import java.util.function.ObjIntConsumer;

/**
 * How many events of each class a trace has emitted, which goals read at the end of a run
 * ("a session expired"). Every event of a run is counted, so a count is one array increment
 * at its class's {@link EventKey} index. The hottest call sites hold their key, an index
 * the compiler knows; the others give a class, which a small table open-addressed on the
 * class name's hash (which the JVM keeps) turns into its index in one or two comparisons. A
 * hash-map lookup per event was a twelfth of a sweep, a {@code ClassValue} lookup a
 * thirtieth. Not thread-safe, like the trace that owns it; {@link #forEach} goes in key
 * order, which depends on what this JVM counted first, so a caller that shows the counts
 * sorts them first.
 */
public final class EventCounts {
    /** The classes counted by class, open-addressed; null slots are empty. */
    private Class<?>[] types;
    /** The {@link EventKey} index of the class in the same slot of {@link #types}. */
    private int[] keyIndexes;
    private int distinct;
    /** The count of every class counted, by its key's index; grown on demand. */
    private int[] counts = new int[0];

    /** Counts with room for 32 classes before the table first grows. */
    public EventCounts() {
        this(64);
    }

    /** Counts in a table of {@code slots} slots, a power of two of at least 2 (tests start small to make it grow). */
    public EventCounts(int slots) {
        if (slots < 2 || Integer.bitCount(slots) != 1) {
            throw new IllegalArgumentException("slots must be a power of two of at least 2, not " + slots);
        }
        types = new Class<?>[slots];
        keyIndexes = new int[slots];
    }

    /** Counts one more event of the class. */
    public void add(Class<? extends TraceEvent> type) {
        int mask = types.length - 1;
        for (int slot = slot(type, mask); ; slot = (slot + 1) & mask) {
            Class<?> held = types[slot];
            if (held == type) {
                add(keyIndexes[slot]);
                return;
            }
            if (held == null) {
                int index = EventKey.of(type).index();
                types[slot] = type;
                keyIndexes[slot] = index;
                if (++distinct * 2 > types.length) {
                    grow();
                }
                add(index);
                return;
            }
        }
    }

    /** Counts one more event of the key's class. */
    public void add(EventKey key) {
        add(key.index());
    }

    private void add(int keyIndex) {
        if (keyIndex >= counts.length) {
            counts = Arrays.copyOf(counts, Math.max(keyIndex + 1, EventKey.count()));
        }
        counts[keyIndex]++;
    }

    /** Hands each class counted and its count to the action, once per class, in key order. */
    public void forEach(ObjIntConsumer<Class<?>> action) {
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0) {
                action.accept(EventKey.at(i).type(), counts[i]);
            }
        }
    }

    private void grow() {
        Class<?>[] oldTypes = types;
        int[] oldIndexes = keyIndexes;
        types = new Class<?>[oldTypes.length * 2];
        keyIndexes = new int[oldTypes.length * 2];
        int mask = types.length - 1;
        for (int i = 0; i < oldTypes.length; i++) {
            if (oldTypes[i] != null) {
                int slot = slot(oldTypes[i], mask);
                while (types[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                types[slot] = oldTypes[i];
                keyIndexes[slot] = oldIndexes[i];
            }
        }
    }

    /** The class name's hash, spread so that its high bits count too. */
    private static int slot(Class<?> type, int mask) {
        int hash = type.getName().hashCode();
        return (hash ^ (hash >>> 16)) & mask;
    }
}

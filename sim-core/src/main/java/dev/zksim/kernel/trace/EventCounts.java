package dev.zksim.kernel.trace;

import java.util.Arrays;
import java.util.function.ObjIntConsumer;

/**
 * How many events of each class a trace has emitted, which goals read at the end of a run
 * ("a session expired"). Every event of a run is counted, so the count is one or two
 * comparisons: a small table open-addressed on the class name's hash (which the JVM
 * keeps). A hash-map lookup per event was a twelfth of a sweep, a {@code ClassValue}
 * lookup a thirtieth. The hottest call sites count by an {@link EventKey} instead, one
 * array increment at an index the compiler knows. Not thread-safe, like the trace that owns
 * it; {@link #forEach} goes in slot order, so a caller that shows the counts sorts them first.
 */
public final class EventCounts {
    private Class<?>[] types;
    private int[] counts;
    private int distinct;
    /** The counts of the classes counted by {@link EventKey}, by its index; grown on demand. */
    private int[] keyed = new int[0];

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
        counts = new int[slots];
    }

    /** Counts one more event of the class. */
    public void add(Class<?> type) {
        int mask = types.length - 1;
        for (int slot = slot(type, mask); ; slot = (slot + 1) & mask) {
            Class<?> held = types[slot];
            if (held == type) {
                counts[slot]++;
                return;
            }
            if (held == null) {
                types[slot] = type;
                counts[slot] = 1;
                if (++distinct * 2 > types.length) {
                    grow();
                }
                return;
            }
        }
    }

    /** Counts one more event of the key's class. */
    public void add(EventKey key) {
        int index = key.index();
        if (index >= keyed.length) {
            keyed = Arrays.copyOf(keyed, Math.max(index + 1, EventKey.count()));
        }
        keyed[index]++;
    }

    /**
     * Hands each class counted and its count to the action, those counted by class in slot
     * order, then those counted by key in key order. A class counted both ways is handed
     * over twice, with each count: a caller that shows the counts sums them by class.
     */
    public void forEach(ObjIntConsumer<Class<?>> action) {
        for (int i = 0; i < types.length; i++) {
            if (types[i] != null) {
                action.accept(types[i], counts[i]);
            }
        }
        for (int i = 0; i < keyed.length; i++) {
            if (keyed[i] > 0) {
                action.accept(EventKey.at(i).type(), keyed[i]);
            }
        }
    }

    private void grow() {
        Class<?>[] oldTypes = types;
        int[] oldCounts = counts;
        types = new Class<?>[oldTypes.length * 2];
        counts = new int[oldTypes.length * 2];
        int mask = types.length - 1;
        for (int i = 0; i < oldTypes.length; i++) {
            if (oldTypes[i] != null) {
                int slot = slot(oldTypes[i], mask);
                while (types[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                types[slot] = oldTypes[i];
                counts[slot] = oldCounts[i];
            }
        }
    }

    /** The class name's hash, spread so that its high bits count too. */
    private static int slot(Class<?> type, int mask) {
        int hash = type.getName().hashCode();
        return (hash ^ (hash >>> 16)) & mask;
    }
}

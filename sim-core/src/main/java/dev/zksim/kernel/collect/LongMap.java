package dev.zksim.kernel.collect;

import java.util.Arrays;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;

/**
 * A map from {@code long} keys to non-null values that iterates in insertion order, as a
 * {@code LinkedHashMap<Long, V>} does (a key put again keeps its place; a key removed and
 * put again goes last), without boxing a key or allocating an entry per mapping. Every
 * request looks up its session in such maps on each server, and the boxed keys and entries
 * were a tenth of a benchmark's allocation.
 *
 * <p>Mappings sit in two dense arrays in insertion order; a removed one leaves a hole that
 * the next growth closes. An open-addressing table (linear probing, at most half full)
 * holds the dense index of each live key. Hashes are arithmetic on the key alone, so the
 * layout, like the order, is the same in every JVM and run.
 *
 * <pre>{@code
 * LongMap<String> owners = new LongMap<>();
 * owners.put(0x100L, "c1");
 * owners.computeIfAbsent(0x200L, id -> "c2");
 * owners.forEach((session, owner) -> System.out.println(session + " " + owner));
 * }</pre>
 *
 * @param <V> the values' type
 */
public final class LongMap<V> {
    private static final int MIN_SLOTS = 8;
    /** The value array's mark of a removed mapping. */
    private static final Object REMOVED = new Object();

    private long[] keys;
    private Object[] values;
    /** Slot to dense index plus one; 0 is an empty slot. */
    private int[] slots;
    /** Dense entries used so far, holes included. */
    private int used;
    private int size;

    /** An empty map. */
    public LongMap() {
        keys = new long[MIN_SLOTS / 2];
        values = new Object[MIN_SLOTS / 2];
        slots = new int[MIN_SLOTS];
    }

    /** Receives each mapping of {@link #forEach}. */
    @FunctionalInterface
    public interface Visitor<V> {
        void accept(long key, V value);
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** The value of the key, or null if it has none. */
    @SuppressWarnings("unchecked")
    public V get(long key) {
        int slot = find(key);
        return slot < 0 ? null : (V) values[slots[slot] - 1];
    }

    public boolean containsKey(long key) {
        return find(key) >= 0;
    }

    /** Maps the key to the value (not null) and returns the value it had, or null. */
    @SuppressWarnings("unchecked")
    public V put(long key, V value) {
        if (value == null) {
            throw new NullPointerException("a LongMap holds no null values");
        }
        int slot = find(key);
        if (slot >= 0) {
            int index = slots[slot] - 1;
            V old = (V) values[index];
            values[index] = value;
            return old;
        }
        append(key, value);
        return null;
    }

    /** The key's value; if it has none, the function's value for it, put first. */
    @SuppressWarnings("unchecked")
    public V computeIfAbsent(long key, LongFunction<? extends V> function) {
        int slot = find(key);
        if (slot >= 0) {
            return (V) values[slots[slot] - 1];
        }
        V value = function.apply(key);
        append(key, value);
        return value;
    }

    /** Removes the key's mapping and returns its value, or null if it had none. */
    @SuppressWarnings("unchecked")
    public V remove(long key) {
        int slot = find(key);
        if (slot < 0) {
            return null;
        }
        int index = slots[slot] - 1;
        V old = (V) values[index];
        values[index] = REMOVED;
        size--;
        closeGap(slot);
        if (size == 0) {
            // The usual life of a mapping is put then removed: start over instead of growing.
            Arrays.fill(values, 0, used, null);
            used = 0;
        }
        return old;
    }

    public void clear() {
        Arrays.fill(values, 0, used, null);
        Arrays.fill(slots, 0);
        used = 0;
        size = 0;
    }

    /** Visits every mapping in insertion order; the visitor must not change the map. */
    @SuppressWarnings("unchecked")
    public void forEach(Visitor<? super V> visitor) {
        for (int i = 0; i < used; i++) {
            Object value = values[i];
            if (value != REMOVED) {
                visitor.accept(keys[i], (V) value);
            }
        }
    }

    /** Whether every key passes the test (true for an empty map); nothing is copied or boxed. */
    public boolean allKeysMatch(LongPredicate test) {
        for (int i = 0; i < used; i++) {
            if (values[i] != REMOVED && !test.test(keys[i])) {
                return false;
            }
        }
        return true;
    }

    /** The keys in insertion order. */
    public long[] keys() {
        long[] live = new long[size];
        int next = 0;
        for (int i = 0; i < used; i++) {
            if (values[i] != REMOVED) {
                live[next++] = keys[i];
            }
        }
        return live;
    }

    private void append(long key, V value) {
        if (used == keys.length) {
            rebuild();
        }
        keys[used] = key;
        values[used] = value;
        used++;
        size++;
        slots[-1 - find(key)] = used;
    }

    /** The slot holding the key, or -1 - the empty slot where its probe ends. */
    private int find(long key) {
        int mask = slots.length - 1;
        for (int slot = home(key, mask); ; slot = (slot + 1) & mask) {
            int entry = slots[slot];
            if (entry == 0) {
                return -1 - slot;
            }
            if (keys[entry - 1] == key) {
                return slot;
            }
        }
    }

    /** Backward-shift deletion: later entries of the probe run move into the gap unless their home lies after it. */
    private void closeGap(int gap) {
        int mask = slots.length - 1;
        for (int slot = (gap + 1) & mask; slots[slot] != 0; slot = (slot + 1) & mask) {
            int home = home(keys[slots[slot] - 1], mask);
            if (((slot - home) & mask) >= ((slot - gap) & mask)) {
                slots[gap] = slots[slot];
                gap = slot;
            }
        }
        slots[gap] = 0;
    }

    /** Drops the holes, in order, and doubles the arrays if the live mappings still fill half of them. */
    private void rebuild() {
        int capacity = size * 2 >= keys.length ? keys.length * 2 : keys.length;
        long[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new long[capacity];
        values = new Object[capacity];
        slots = new int[capacity * 2];
        int oldUsed = used;
        used = 0;
        size = 0;
        for (int i = 0; i < oldUsed; i++) {
            if (oldValues[i] != REMOVED) {
                keys[used] = oldKeys[i];
                values[used] = oldValues[i];
                used++;
                size++;
                slots[-1 - find(oldKeys[i])] = used;
            }
        }
    }

    /** Fibonacci hashing of the key's mixed halves: consecutive ids spread over the table. */
    private static int home(long key, int mask) {
        long mixed = (key ^ (key >>> 32)) * 0x9E3779B97F4A7C15L;
        return (int) (mixed >>> 32) & mask;
    }
}

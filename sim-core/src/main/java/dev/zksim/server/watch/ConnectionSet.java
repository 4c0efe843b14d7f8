package dev.zksim.server.watch;

import dev.zksim.kernel.collect.LongMap;
import java.util.Arrays;

/**
 * The connections watching one path, in registration order, as unboxed ids. Most paths are
 * watched by one or two connections at a time: the ids sit in an array that is scanned,
 * and only a set grown past {@link #SCAN_UP_TO} ids gets a hash index beside it, so that a
 * herd of thousands watching one parent does not make each registration a long scan. A
 * {@code LinkedHashSet<Long>} per watched path cost a set, a map, its table, an entry and a
 * boxed id for every watch, among the largest items of a lock sweep's allocation.
 */
final class ConnectionSet {
    /** An empty set to hand out where nothing watches; nobody may add to it. */
    static final ConnectionSet NONE = new ConnectionSet();

    private static final int SCAN_UP_TO = 16;
    private static final Object PRESENT = Boolean.TRUE;

    private long[] ids = new long[2];
    private int size;
    /** The ids as keys, once the set outgrew a scan; null before. */
    private LongMap<Object> index;

    /** Adds the id last; false, changing nothing, if it is already in. */
    boolean add(long id) {
        if (contains(id)) {
            return false;
        }
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size * 2);
        }
        ids[size++] = id;
        if (index != null) {
            index.put(id, PRESENT);
        } else if (size > SCAN_UP_TO) {
            index = new LongMap<>();
            for (int i = 0; i < size; i++) {
                index.put(ids[i], PRESENT);
            }
        }
        return true;
    }

    /** Adds each id of the other set that this one lacks, in the other's order. */
    void addAll(ConnectionSet other) {
        for (int i = 0; i < other.size; i++) {
            add(other.ids[i]);
        }
    }

    boolean contains(long id) {
        if (index != null) {
            return index.containsKey(id);
        }
        return positionOf(id) >= 0;
    }

    /** Removes the id, keeping the others in order; false if it was not in. */
    boolean remove(long id) {
        if (index != null && index.remove(id) == null) {
            return false;
        }
        int at = positionOf(id);
        if (at < 0) {
            return false;
        }
        System.arraycopy(ids, at + 1, ids, at, size - at - 1);
        size--;
        return true;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The id registered {@code position}-th among those still in. */
    long get(int position) {
        return ids[position];
    }

    /** The ids in registration order, as a new array. */
    long[] toArray() {
        return Arrays.copyOf(ids, size);
    }

    private int positionOf(long id) {
        for (int i = 0; i < size; i++) {
            if (ids[i] == id) {
                return i;
            }
        }
        return -1;
    }
}

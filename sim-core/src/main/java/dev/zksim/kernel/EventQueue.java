package dev.zksim.kernel;

import java.util.Arrays;

/**
 * The pending events of a simulation, ordered by (time, insertion sequence). Events due at
 * the same instant therefore run in the order they were scheduled, which keeps a run
 * deterministic without any tie-breaking choice.
 *
 * <p>A binary min-heap over three parallel arrays rather than a PriorityQueue of objects:
 * the loop of schedule and dispatch is the hottest code in the simulator, and comparing two
 * longs in arrays avoids an allocation and a comparator call per event.
 */
final class EventQueue {
    private long[] times = new long[1024];
    private long[] sequences = new long[1024];
    private Runnable[] actions = new Runnable[1024];
    private int size;
    private long nextSequence;

    void add(long time, Runnable action) {
        if (size == times.length) {
            grow();
        }
        siftUp(size, time, nextSequence++, action);
        size++;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** The time of the earliest event; the queue must not be empty. */
    long peekTime() {
        return times[0];
    }

    /** Removes and returns the earliest event's action; the queue must not be empty. */
    Runnable poll() {
        Runnable first = actions[0];
        int last = --size;
        long time = times[last];
        long sequence = sequences[last];
        Runnable action = actions[last];
        actions[last] = null;
        if (last > 0) {
            siftDown(0, time, sequence, action);
        }
        return first;
    }

    /** A few of the earliest actions, for "still waiting for" reports; not a hot path. */
    Runnable[] snapshot(int limit) {
        return Arrays.copyOf(actions, Math.min(limit, size));
    }

    private void siftUp(int hole, long time, long sequence, Runnable action) {
        while (hole > 0) {
            int parent = (hole - 1) >>> 1;
            if (!before(time, sequence, times[parent], sequences[parent])) {
                break;
            }
            move(parent, hole);
            hole = parent;
        }
        put(hole, time, sequence, action);
    }

    private void siftDown(int hole, long time, long sequence, Runnable action) {
        int half = size >>> 1;
        while (hole < half) {
            int child = 2 * hole + 1;
            int right = child + 1;
            if (right < size && before(times[right], sequences[right], times[child], sequences[child])) {
                child = right;
            }
            if (!before(times[child], sequences[child], time, sequence)) {
                break;
            }
            move(child, hole);
            hole = child;
        }
        put(hole, time, sequence, action);
    }

    private static boolean before(long time, long sequence, long otherTime, long otherSequence) {
        return time < otherTime || (time == otherTime && sequence < otherSequence);
    }

    private void move(int from, int to) {
        times[to] = times[from];
        sequences[to] = sequences[from];
        actions[to] = actions[from];
    }

    private void put(int index, long time, long sequence, Runnable action) {
        times[index] = time;
        sequences[index] = sequence;
        actions[index] = action;
    }

    private void grow() {
        int capacity = times.length * 2;
        times = Arrays.copyOf(times, capacity);
        sequences = Arrays.copyOf(sequences, capacity);
        actions = Arrays.copyOf(actions, capacity);
    }
}

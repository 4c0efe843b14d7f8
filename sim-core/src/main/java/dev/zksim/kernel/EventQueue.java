package dev.zksim.kernel;

import java.util.Arrays;
import java.util.function.Predicate;

/**
 * The pending events of a simulation, ordered by (time, insertion sequence). Events due at
 * the same instant therefore run in the order they were scheduled, which keeps a run
 * deterministic without any tie-breaking choice.
 *
 * <p>A min-heap over arrays rather than a PriorityQueue of objects: the loop of schedule
 * and dispatch is the hottest code in the simulator, and comparing keys held in a
 * primitive array avoids an allocation, a pointer chase and a comparator call per event.
 * Each entry has four children, not two: a heap of the tens of thousands of timers that
 * thousands of clients keep pending is half as deep, and the four children's keys lie side
 * by side in memory, so a poll touches about half as many cache lines (with 10,000 clients
 * the binary heap's sift-down was a seventh of a run). The order of the polls is the same
 * whatever the heap's shape: (time, sequence) is a total order.
 *
 * <p>Two heaps, not one: an event due within {@link #NEAR_HORIZON} of the last poll (a
 * message in flight, an fsync) goes to the near heap, a later one (a tick, a session's
 * deadline) to the far heap, and a poll takes the earlier of the two heads. In a lock
 * benchmark the queue holds about 30 events of which 25 are timers seconds ahead, while
 * nearly every event scheduled and polled is a message due within a millisecond: in one heap
 * each poll sank a timer from the root through every level, and each send climbed past the
 * timers. Which heap holds an event changes nothing about when it runs.
 *
 * <p>In front of the near heap, a lane: up to {@link #LANE_CAPACITY} near events kept sorted
 * in a ring. Those few events (a handful of messages in flight and fsyncs) are nearly all a
 * run's polls, and the heap's sift-down compared four children per level with branches that
 * the processor could not predict. A new event carries the highest sequence of all, so it
 * goes behind every lane entry due at or before its time: a short scan from the back, mostly
 * of one or two entries since later sends tend to be due later; a poll takes the ring's head
 * without comparing anything. Near events beyond the lane's capacity (thousands of clients'
 * messages in flight) go to the near heap, so a poll takes the earliest of three heads.
 */
final class EventQueue {
    /** Events due more than this many microseconds after the last poll wait in the far heap. */
    static final long NEAR_HORIZON = 50_000;
    /** How many near events the sorted lane holds before the near heap takes the rest; a power of two. */
    static final int LANE_CAPACITY = 32;

    private final Lane lane = new Lane();
    private final Heap near = new Heap();
    private final Heap far = new Heap();
    private long nextSequence;
    /** The time of the latest poll: the simulation's clock, as far as the queue knows it. */
    private long lastPolled;

    void add(long time, Runnable action) {
        long sequence = nextSequence++;
        if (time - lastPolled > NEAR_HORIZON) {
            far.add(time, sequence, action);
        } else if (lane.size < LANE_CAPACITY) {
            lane.add(time, sequence, action);
        } else {
            near.add(time, sequence, action);
        }
    }

    boolean isEmpty() {
        return lane.size == 0 && near.size == 0 && far.size == 0;
    }

    int size() {
        return lane.size + near.size + far.size;
    }

    /** The time of the earliest event; the queue must not be empty. */
    long peekTime() {
        Heap heap = earliestHeap();
        if (lane.size > 0 && (heap == null || lane.isBefore(heap))) {
            return lane.firstTime();
        }
        return heap.keys[0];
    }

    /** Removes and returns the earliest event's action; the queue must not be empty. */
    Runnable poll() {
        Heap heap = earliestHeap();
        if (lane.size > 0 && (heap == null || lane.isBefore(heap))) {
            lastPolled = lane.firstTime();
            return lane.poll();
        }
        lastPolled = heap.keys[0];
        return heap.poll();
    }

    /** The heap whose head is the earlier of the two heads, or null if both heaps are empty. */
    private Heap earliestHeap() {
        if (far.size == 0) {
            return near.size == 0 ? null : near;
        }
        if (near.size == 0) {
            return far;
        }
        return before(far.keys[0], far.keys[1], near.keys[0], near.keys[1]) ? far : near;
    }

    /** Whether every pending action satisfies the test (true for an empty queue). */
    boolean allMatch(Predicate<Runnable> test) {
        return lane.allMatch(test) && near.allMatch(test) && far.allMatch(test);
    }

    /**
     * An order-independent digest of what is pending, for the explorer's abstract state: each
     * entry contributes its time relative to {@code now} and, when the action describes
     * itself ({@link PendingDescription}), what it will do. Summing mixed terms makes the
     * digest independent of the heaps' layout and of insertion sequences, so the same set of
     * pending events scheduled in a different order digests the same.
     */
    long pendingDigest(long now) {
        return size() + lane.digestTerms(now) + near.digestTerms(now) + far.digestTerms(now);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static boolean before(long time, long sequence, long otherTime, long otherSequence) {
        return time < otherTime || (time == otherTime && sequence < otherSequence);
    }

    /** One pending entry's part of {@link #pendingDigest}. */
    private static long digestTerm(long time, Runnable action, long now) {
        long term = time - now;
        if (action instanceof PendingDescription described) {
            term = term * 0x9E3779B97F4A7C15L + described.stateHash();
        }
        return mix(term);
    }

    /**
     * Up to {@link #LANE_CAPACITY} entries sorted by (time, sequence) in a ring: entry i of the
     * order sits at slot (head + i) mod capacity, its time at keys[2 * slot] and its sequence
     * at keys[2 * slot + 1].
     */
    private static final class Lane {
        private static final int MASK = LANE_CAPACITY - 1;
        private final long[] keys = new long[2 * LANE_CAPACITY];
        /**
         * Held as Objects although every one is a Runnable: a store into an array whose element
         * type is an interface checks the stored object against that interface, on every add
         * and every shift, while a store into an Object[] needs no check.
         */
        private final Object[] actions = new Object[LANE_CAPACITY];
        private int head;
        private int size;

        long firstTime() {
            return keys[2 * head];
        }

        /** Whether this lane's first entry comes before the heap's (the heap must not be empty). */
        boolean isBefore(Heap heap) {
            return before(keys[2 * head], keys[2 * head + 1], heap.keys[0], heap.keys[1]);
        }

        /**
         * Inserts an entry whose sequence is higher than every entry's here, so it goes behind
         * every entry due at or before its time: entries due later shift back by one slot.
         */
        void add(long time, long sequence, Runnable action) {
            int hole = size;
            while (hole > 0) {
                int previous = (head + hole - 1) & MASK;
                if (keys[2 * previous] <= time) {
                    break;
                }
                int to = (head + hole) & MASK;
                keys[2 * to] = keys[2 * previous];
                keys[2 * to + 1] = keys[2 * previous + 1];
                actions[to] = actions[previous];
                hole--;
            }
            int slot = (head + hole) & MASK;
            keys[2 * slot] = time;
            keys[2 * slot + 1] = sequence;
            actions[slot] = action;
            size++;
        }

        Runnable poll() {
            Runnable first = (Runnable) actions[head];
            actions[head] = null;
            head = (head + 1) & MASK;
            size--;
            return first;
        }

        boolean allMatch(Predicate<Runnable> test) {
            for (int i = 0; i < size; i++) {
                if (!test.test((Runnable) actions[(head + i) & MASK])) {
                    return false;
                }
            }
            return true;
        }

        long digestTerms(long now) {
            long sum = 0;
            for (int i = 0; i < size; i++) {
                int slot = (head + i) & MASK;
                sum += digestTerm(keys[2 * slot], (Runnable) actions[slot], now);
            }
            return sum;
        }
    }

    /** A 4-ary min-heap of (time, sequence, action) over arrays. */
    private static final class Heap {
        /**
         * keys[2i] is entry i's time and keys[2i+1] its sequence: one cache line holds both. The
         * arrays start small and double when full: the explorer starts thousands of short
         * simulations a second, and zeroing large arrays for each was a tenth of its allocation.
         */
        private long[] keys = new long[64];
        /** Objects, not Runnables, for the reason given in {@link Lane}. */
        private Object[] actions = new Object[32];
        private int size;

        void add(long time, long sequence, Runnable action) {
            if (size == actions.length) {
                grow();
            }
            siftUp(size, time, sequence, action);
            size++;
        }

        Runnable poll() {
            Runnable first = (Runnable) actions[0];
            int last = --size;
            long time = keys[2 * last];
            long sequence = keys[2 * last + 1];
            Runnable action = (Runnable) actions[last];
            actions[last] = null;
            if (last > 0) {
                siftDown(0, time, sequence, action);
            }
            return first;
        }

        boolean allMatch(Predicate<Runnable> test) {
            for (int i = 0; i < size; i++) {
                if (!test.test((Runnable) actions[i])) {
                    return false;
                }
            }
            return true;
        }

        long digestTerms(long now) {
            long sum = 0;
            for (int i = 0; i < size; i++) {
                sum += digestTerm(keys[2 * i], (Runnable) actions[i], now);
            }
            return sum;
        }

        private void siftUp(int hole, long time, long sequence, Runnable action) {
            while (hole > 0) {
                int parent = (hole - 1) >>> 2;
                if (!before(time, sequence, keys[2 * parent], keys[2 * parent + 1])) {
                    break;
                }
                move(parent, hole);
                hole = parent;
            }
            put(hole, time, sequence, action);
        }

        private void siftDown(int hole, long time, long sequence, Runnable action) {
            while (true) {
                int child = earliestChild(hole);
                if (child < 0 || !before(keys[2 * child], keys[2 * child + 1], time, sequence)) {
                    break;
                }
                move(child, hole);
                hole = child;
            }
            put(hole, time, sequence, action);
        }

        /** The earliest of the up to four children of {@code parent}, or -1 if it has none. */
        private int earliestChild(int parent) {
            int first = 4 * parent + 1;
            if (first >= size) {
                return -1;
            }
            int last = Math.min(first + 4, size);
            int earliest = first;
            for (int child = first + 1; child < last; child++) {
                if (before(keys[2 * child], keys[2 * child + 1], keys[2 * earliest], keys[2 * earliest + 1])) {
                    earliest = child;
                }
            }
            return earliest;
        }

        private void move(int from, int to) {
            keys[2 * to] = keys[2 * from];
            keys[2 * to + 1] = keys[2 * from + 1];
            actions[to] = actions[from];
        }

        private void put(int index, long time, long sequence, Runnable action) {
            keys[2 * index] = time;
            keys[2 * index + 1] = sequence;
            actions[index] = action;
        }

        private void grow() {
            keys = Arrays.copyOf(keys, keys.length * 2);
            actions = Arrays.copyOf(actions, actions.length * 2);
        }
    }
}

package dev.zksim.kernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
 * <p>A cancelled {@link Timer} leaves the heap (found by its sequence number), so the heap
 * holds only what can still run; the queue remembers it, with its key,
 * until its time has passed ({@link #removeCancelled}). Removing an entry leaves the order of
 * every other one as it was, and a remembered timer goes back in under its own key if its
 * gate asks ({@link #restoreCancelled}), so nothing that runs, nor when, depends on whether a
 * cancelled timer was removed.
 */
final class EventQueue {
    /**
     * keys[2i] is entry i's time and keys[2i+1] its sequence: one cache line holds both. The
     * arrays start small and double when full: the explorer starts thousands of short
     * simulations a second, and zeroing large arrays for each was a tenth of its allocation.
     */
    private long[] keys = new long[128];
    private Runnable[] actions = new Runnable[64];
    private int size;
    private long nextSequence;
    /** The key of the last entry polled: an entry with a later key has not fallen due yet. */
    private long polledTime = Long.MIN_VALUE;
    private long polledSequence = Long.MIN_VALUE;
    /** Cancelled timers taken out of the heap whose time may not have passed yet. */
    private final List<Timer> removed = new ArrayList<>();
    private int pruneAt = MIN_PRUNE;
    private static final int MIN_PRUNE = 16;

    void add(long time, Runnable action) {
        long sequence = nextSequence++;
        if (action instanceof Timer timer) {
            if (timer.queue != null) {
                throw new IllegalStateException("a timer is scheduled once; make a new one to run its action again");
            }
            timer.queue = this;
            timer.queued = true;
            timer.time = time;
            timer.sequence = sequence;
        }
        insert(time, sequence, action);
    }

    private void insert(long time, long sequence, Runnable action) {
        if (size == actions.length) {
            grow();
        }
        siftUp(size, time, sequence, action);
        size++;
    }

    /**
     * Takes a cancelled timer out of the heap and remembers it until its time has passed, for
     * {@link #pendingDigest} and {@link #restoreCancelled}. The entry that fills its slot is
     * sifted to where it belongs, which leaves the order of the rest unchanged.
     */
    void removeCancelled(Timer timer) {
        int hole = slotOf(timer);
        timer.queued = false;
        int last = --size;
        long time = keys[2 * last];
        long sequence = keys[2 * last + 1];
        Runnable action = actions[last];
        actions[last] = null;
        if (hole != last) {
            if (hole > 0 && before(time, sequence, keys[2 * ((hole - 1) >>> 2)], keys[2 * ((hole - 1) >>> 2) + 1])) {
                siftUp(hole, time, sequence, action);
            } else {
                siftDown(hole, time, sequence, action);
            }
        }
        remember(timer);
    }

    /**
     * Puts back, under their own keys, the removed cancelled timers of this gate that have not
     * fallen due: the gate has started holding what falls due (a process paused), and a
     * cancelled timer that falls due then is held and counted like any other event.
     */
    void restoreCancelled(EventGate gate) {
        int kept = 0;
        for (int i = 0; i < removed.size(); i++) {
            Timer timer = removed.get(i);
            if (!isPending(timer)) {
                continue;
            }
            if (timer.gate() == gate) {
                timer.queued = true;
                insert(timer.time, timer.sequence, timer);
            } else {
                removed.set(kept++, timer);
            }
        }
        removed.subList(kept, removed.size()).clear();
    }

    /**
     * Where the timer sits, found by its sequence number, which no other entry shares. A scan
     * of the keys costs less than keeping every timer's slot up to date on every move of the
     * heap: a run cancels one timer for every twenty or so events it dispatches, and a heap
     * holds a few dozen entries.
     */
    private int slotOf(Timer timer) {
        long sequence = timer.sequence;
        for (int i = 0; i < size; i++) {
            if (keys[2 * i + 1] == sequence) {
                return i;
            }
        }
        throw new IllegalStateException("a queued timer is missing from the queue");
    }

    private void remember(Timer timer) {
        if (removed.size() >= pruneAt) {
            removed.removeIf(old -> !isPending(old));
            pruneAt = Math.max(MIN_PRUNE, 2 * removed.size());
        }
        removed.add(timer);
    }

    /**
     * The clock moved to {@code time} past every entry due by then (a run to a time bound):
     * an entry due by then counts as polled, though none was left to poll.
     */
    void passedTime(long time) {
        if (time > polledTime) {
            polledTime = time;
            polledSequence = Long.MAX_VALUE;
        }
    }

    /** Whether the entry with this timer's key would not have been polled yet. */
    private boolean isPending(Timer timer) {
        return before(polledTime, polledSequence, timer.time, timer.sequence);
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** The time of the earliest event; the queue must not be empty. */
    long peekTime() {
        return keys[0];
    }

    /** Removes and returns the earliest event's action; the queue must not be empty. */
    Runnable poll() {
        Runnable first = actions[0];
        polledTime = keys[0];
        polledSequence = keys[1];
        if (first instanceof Timer timer) {
            timer.queued = false;
        }
        int last = --size;
        long time = keys[2 * last];
        long sequence = keys[2 * last + 1];
        Runnable action = actions[last];
        actions[last] = null;
        if (last > 0) {
            siftDown(0, time, sequence, action);
        }
        return first;
    }

    /**
     * An order-independent digest of what is pending, for the explorer's abstract state: each
     * entry contributes its time relative to {@code now} and, when the action describes
     * itself ({@link PendingDescription}), what it will do. Summing mixed terms makes the
     * digest independent of the heap's layout and of insertion sequences, so the same set of
     * pending events scheduled in a different order digests the same. Removed cancelled timers
     * whose time has not come count as the entries they were: whether a cancelled timer was
     * removed is the queue's business, not the state's.
     */
    long pendingDigest(long now) {
        long sum = size;
        for (int i = 0; i < size; i++) {
            sum += mix(term(keys[2 * i], now, actions[i]));
        }
        for (Timer timer : removed) {
            if (isPending(timer)) {
                sum += 1 + mix(term(timer.time, now, timer));
            }
        }
        return sum;
    }

    private static long term(long time, long now, Runnable action) {
        long term = time - now;
        if (action instanceof PendingDescription described) {
            term = term * 0x9E3779B97F4A7C15L + described.stateHash();
        }
        return term;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
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

    private static boolean before(long time, long sequence, long otherTime, long otherSequence) {
        return time < otherTime || (time == otherTime && sequence < otherSequence);
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

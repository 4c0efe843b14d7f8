package dev.zksim.server.session;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.Timer;
import dev.zksim.kernel.collect.LongMap;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.server.prep.SessionCheck;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongPredicate;

/**
 * ZooKeeper's expiry queue (reference 4.4): a session's deadline is its last touch plus
 * its timeout rounded up, strictly, to the next multiple of tickTime, and sessions with
 * the same deadline share a bucket. One timer waits for the earliest non-empty bucket and
 * expires the whole bucket at once, so a session expires between timeout and
 * timeout + tickTime after its last touch. The timer exists only while some bucket does,
 * so an idle server lets the simulation go quiescent.
 */
public final class ExpiringSessionTracker implements SessionTracker {

    /** What the tracker knows of one session. */
    private static final class Entry {
        /**
         * The session id and the deadline as the buckets' keys, boxed once: a touch moves the
         * session between buckets on almost every request, and boxing its id and deadline
         * afresh each time was a good part of a run's allocation.
         */
        final Long id;
        Long bucketKey;
        int timeoutMs;
        long deadline;
        /** Whether the session sits in the bucket of its deadline (a touch then finds it there without a lookup). */
        boolean bucketed;
        boolean closing;
        /** The server whose connection the session last (re)validated on; -1 until known. */
        long owner = -1;

        Entry(long id, int timeoutMs) {
            this.id = id;
            this.timeoutMs = timeoutMs;
        }
    }

    private final SimProcess process;
    private final long tickMicros;
    private final SessionExpirer expirer;
    /** Looked up by id on every touch; {@link #sessionTimeouts} reports them sorted, so their own order never shows. */
    private final LongMap<Entry> sessions = new LongMap<>();
    private final TreeMap<Long, LinkedHashSet<Long>> buckets = new TreeMap<>();
    private Timer timer;
    private long timerAt;

    public ExpiringSessionTracker(SimProcess process, int tickTimeMs, SessionExpirer expirer) {
        this.process = process;
        this.tickMicros = Time.millis(tickTimeMs);
        this.expirer = expirer;
    }

    /** The bucket a touch at {@code now} lands in: strictly after now + timeout. */
    public static long deadline(long now, long timeoutMicros, long tickMicros) {
        return ((now + timeoutMicros) / tickMicros + 1) * tickMicros;
    }

    /**
     * Whether {@link #deadline} of these would be {@code deadline}, a tick boundary: whether
     * now + timeout falls in the tick just before it. Every request touches its session and
     * most touches keep its deadline, so this is asked without the division.
     */
    private static boolean keepsDeadline(long now, long timeoutMicros, long tickMicros, long deadline) {
        long reach = now + timeoutMicros;
        return reach < deadline && reach >= deadline - tickMicros;
    }

    @Override
    public void addSession(long sessionId, int timeoutMs) {
        Entry entry = sessions.get(sessionId);
        if (entry == null) {
            entry = new Entry(sessionId, timeoutMs);
            sessions.put(sessionId, entry);
        }
        entry.timeoutMs = timeoutMs;
        entry.closing = false;
        rebucket(sessionId, entry);
    }

    @Override
    public void removeSession(long sessionId) {
        Entry entry = sessions.remove(sessionId);
        if (entry != null) {
            unbucket(sessionId, entry);
        }
    }

    @Override
    public boolean touch(long sessionId) {
        Entry entry = sessions.get(sessionId);
        if (entry == null || entry.closing) {
            return false;
        }
        rebucket(sessionId, entry);
        return true;
    }

    @Override
    public boolean touch(long sessionId, int timeoutMs) {
        Entry entry = sessions.get(sessionId);
        if (entry == null || entry.closing) {
            return false;
        }
        entry.timeoutMs = timeoutMs;
        rebucket(sessionId, entry);
        return true;
    }

    @Override
    public void setClosing(long sessionId) {
        Entry entry = sessions.get(sessionId);
        if (entry != null && !entry.closing) {
            entry.closing = true;
            unbucket(sessionId, entry);
        }
    }

    @Override
    public SessionCheck check(long sessionId) {
        Entry entry = sessions.get(sessionId);
        if (entry == null) {
            return SessionCheck.UNKNOWN;
        }
        return entry.closing ? SessionCheck.CLOSING : SessionCheck.OK;
    }

    @Override
    public SessionCheck check(long sessionId, long owner) {
        Entry entry = sessions.get(sessionId);
        if (entry == null) {
            return SessionCheck.UNKNOWN;
        }
        if (entry.closing) {
            return SessionCheck.CLOSING;
        }
        if (entry.owner == -1) {
            entry.owner = owner;
        }
        return entry.owner == owner ? SessionCheck.OK : SessionCheck.MOVED;
    }

    @Override
    public void setOwner(long sessionId, long owner) {
        Entry entry = sessions.get(sessionId);
        if (entry != null) {
            entry.owner = owner;
        }
    }

    @Override
    public SortedMap<Long, Integer> sessionTimeouts() {
        TreeMap<Long, Integer> timeouts = new TreeMap<>();
        sessions.forEach((id, entry) -> timeouts.put(id, entry.timeoutMs));
        return Collections.unmodifiableSortedMap(timeouts);
    }

    @Override
    public boolean allSessionsMatch(LongPredicate test) {
        return sessions.allKeysMatch(test);
    }

    /** The session's current deadline in simulated microseconds, or -1 if it has none. */
    public long deadlineOf(long sessionId) {
        Entry entry = sessions.get(sessionId);
        return entry == null || entry.closing ? -1 : entry.deadline;
    }

    @Override
    public void shutdown() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }

    private void rebucket(long sessionId, Entry entry) {
        long now = process.now();
        long timeoutMicros = Time.millis(entry.timeoutMs);
        if (entry.bucketed && keepsDeadline(now, timeoutMicros, tickMicros, entry.deadline)) {
            return;
        }
        long deadline = deadline(now, timeoutMicros, tickMicros);
        unbucket(sessionId, entry);
        entry.deadline = deadline;
        entry.bucketKey = deadline;
        entry.bucketed = true;
        buckets.computeIfAbsent(entry.bucketKey, time -> new LinkedHashSet<>()).add(entry.id);
        armTimer();
    }

    private void unbucket(long sessionId, Entry entry) {
        if (!entry.bucketed) {
            return;
        }
        entry.bucketed = false;
        LinkedHashSet<Long> bucket = buckets.get(entry.bucketKey);
        if (bucket != null && bucket.remove(entry.id) && bucket.isEmpty()) {
            buckets.remove(entry.bucketKey);
        }
    }

    /** Keeps one timer at the earliest bucket; an empty bucket it wakes for is harmless. */
    private void armTimer() {
        if (buckets.isEmpty()) {
            return;
        }
        long first = buckets.firstKey();
        if (timer != null && !timer.isCancelled() && timerAt <= first) {
            return;
        }
        if (timer != null) {
            timer.cancel();
        }
        timerAt = first;
        timer = process.heartbeat(Math.max(0, first - process.now()), this::expireDue);
    }

    /** Expires every bucket that is due, in deadline order and, within one, in touch order. */
    private void expireDue() {
        timer = null;
        List<Long> due = new ArrayList<>();
        while (!buckets.isEmpty() && buckets.firstKey() <= process.now()) {
            due.addAll(buckets.pollFirstEntry().getValue());
        }
        for (long sessionId : due) {
            Entry entry = sessions.get(sessionId);
            if (entry == null) {
                continue;
            }
            entry.bucketed = false;
            if (!entry.closing) {
                entry.closing = true;
                expirer.expire(sessionId, entry.timeoutMs);
            }
        }
        armTimer();
    }

    /** For tests: the ids in each bucket, by deadline. */
    Map<Long, List<Long>> buckets() {
        TreeMap<Long, List<Long>> copy = new TreeMap<>();
        buckets.forEach((time, ids) -> copy.put(time, List.copyOf(ids)));
        return copy;
    }
}

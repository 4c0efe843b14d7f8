package dev.zksim.server.session;

import dev.zksim.kernel.collect.LongMap;
import dev.zksim.server.prep.SessionCheck;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongPredicate;
import java.util.TreeSet;

/**
 * A quorum follower's sessions (ZooKeeper's LearnerSessionTracker): it knows the sessions of
 * the replicated database and records which of them its clients touched, but expires
 * nothing; the follower reports the touches to the leader, which alone expires sessions
 * (reference 4.4). A closeSession reaches it as a committed txn like any other. A server
 * that is not serving uses one too, so that sync deliveries have a tracker to update.
 */
public final class LearnerSessionTracker implements SessionTracker {
    // Sessions and touches are looked up by id on every request and ping. The only ways out,
    // sessionTimeouts and drainTouched, copy them into sorted maps, so their own order never
    // shows, and maps of unboxed ids spare each touch a tree's search and a boxed key.
    private final LongMap<Integer> sessions = new LongMap<>();
    private final TreeSet<Long> closing = new TreeSet<>();
    private final LongMap<Integer> touched = new LongMap<>();

    /** Starts from the sessions of the database, by id with their timeouts. */
    public LearnerSessionTracker(SortedMap<Long, Integer> known) {
        known.forEach(sessions::put);
    }

    @Override
    public void addSession(long sessionId, int timeoutMs) {
        sessions.put(sessionId, timeoutMs);
        closing.remove(sessionId);
    }

    @Override
    public void removeSession(long sessionId) {
        sessions.remove(sessionId);
        closing.remove(sessionId);
        touched.remove(sessionId);
    }

    @Override
    public boolean touch(long sessionId) {
        // Every request touches its session: no lookup boxes the id, and the timeout stays the boxed one.
        Integer timeout = sessions.get(sessionId);
        if (timeout == null || isClosing(sessionId)) {
            return false;
        }
        touched.put(sessionId, timeout);
        return true;
    }

    /** Whether the session is closing; most of the time none is, and the id is not boxed to ask. */
    private boolean isClosing(long sessionId) {
        return !closing.isEmpty() && closing.contains(sessionId);
    }

    @Override
    public boolean touch(long sessionId, int timeoutMs) {
        if (!sessions.containsKey(sessionId) || isClosing(sessionId)) {
            return false;
        }
        sessions.put(sessionId, timeoutMs);
        touched.put(sessionId, timeoutMs);
        return true;
    }

    @Override
    public void setClosing(long sessionId) {
        if (sessions.containsKey(sessionId)) {
            closing.add(sessionId);
        }
    }

    @Override
    public SessionCheck check(long sessionId) {
        if (!sessions.containsKey(sessionId)) {
            return SessionCheck.UNKNOWN;
        }
        return isClosing(sessionId) ? SessionCheck.CLOSING : SessionCheck.OK;
    }

    @Override
    public SortedMap<Long, Integer> sessionTimeouts() {
        return Collections.unmodifiableSortedMap(sorted(sessions));
    }

    @Override
    public boolean allSessionsMatch(LongPredicate test) {
        return sessions.allKeysMatch(test);
    }

    /** The sessions touched since the last call, with their timeouts; the record is cleared. */
    public SortedMap<Long, Integer> drainTouched() {
        TreeMap<Long, Integer> report = sorted(touched);
        touched.clear();
        return report;
    }

    private static TreeMap<Long, Integer> sorted(LongMap<Integer> timeouts) {
        TreeMap<Long, Integer> copy = new TreeMap<>();
        timeouts.forEach(copy::put);
        return copy;
    }

    @Override
    public void shutdown() {
        touched.clear();
    }
}

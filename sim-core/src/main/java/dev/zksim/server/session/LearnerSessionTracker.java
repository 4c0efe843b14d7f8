package dev.zksim.server.session;

import dev.zksim.server.prep.SessionCheck;
import java.util.Collections;
import java.util.LinkedHashMap;
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
    // shows, and hash maps spare each touch a tree's search and rebalancing.
    private final LinkedHashMap<Long, Integer> sessions = new LinkedHashMap<>();
    private final TreeSet<Long> closing = new TreeSet<>();
    private final LinkedHashMap<Long, Integer> touched = new LinkedHashMap<>();

    /** Starts from the sessions of the database, by id with their timeouts. */
    public LearnerSessionTracker(SortedMap<Long, Integer> known) {
        sessions.putAll(known);
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
        // Boxed once, not once for each of the three lookups: every request touches its session.
        Long id = sessionId;
        Integer timeout = sessions.get(id);
        if (timeout == null || closing.contains(id)) {
            return false;
        }
        touched.put(id, timeout);
        return true;
    }

    @Override
    public boolean touch(long sessionId, int timeoutMs) {
        if (!sessions.containsKey(sessionId) || closing.contains(sessionId)) {
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
        return closing.contains(sessionId) ? SessionCheck.CLOSING : SessionCheck.OK;
    }

    @Override
    public SortedMap<Long, Integer> sessionTimeouts() {
        return Collections.unmodifiableSortedMap(new TreeMap<>(sessions));
    }

    @Override
    public boolean allSessionsMatch(LongPredicate test) {
        for (long id : sessions.keySet()) {
            if (!test.test(id)) {
                return false;
            }
        }
        return true;
    }

    /** The sessions touched since the last call, with their timeouts; the record is cleared. */
    public SortedMap<Long, Integer> drainTouched() {
        TreeMap<Long, Integer> report = new TreeMap<>(touched);
        touched.clear();
        return report;
    }

    @Override
    public void shutdown() {
        touched.clear();
    }
}

package dev.zksim.server.session;

import dev.zksim.server.prep.SessionCheck;
import java.util.SortedMap;
import java.util.function.LongPredicate;

/**
 * The seam for "who tracks and expires sessions". A standalone server (and, in quorum
 * mode, the leader) uses {@link ExpiringSessionTracker}, which expires sessions itself. A
 * quorum follower uses {@link LearnerSessionTracker}: it records touches locally for the
 * server to report to the leader, and never expires anything; the leader's closeSession then reaches it as a
 * committed transaction like any other.
 *
 * <p>Sessions enter the tracker only when their createSession transaction is applied (or
 * when a restarted server finds them in its database), and leave when their closeSession
 * is applied, so the tracker always agrees with the replicated state.
 */
public interface SessionTracker {

    /** A committed session: starts (or restarts) its clock with a full timeout. */
    void addSession(long sessionId, int timeoutMs);

    /** The session's closeSession was applied: forget it. */
    void removeSession(long sessionId);

    /**
     * Activity of the session (any packet, pings included): moves its deadline. Returns
     * false, and changes nothing, if the session is unknown or closing.
     */
    boolean touch(long sessionId);

    /** A reconnect renegotiated the timeout: later touches use it. False if not live. */
    boolean touch(long sessionId, int timeoutMs);

    /** A closeSession was prepared for the session: it accepts nothing from now on. */
    void setClosing(long sessionId);

    /** The verdict the request preparer needs for this session. */
    SessionCheck check(long sessionId);

    /**
     * The verdict for a request that reached the leader through {@code owner} (a server
     * id): SessionMoved if the session is owned by another server (reference 4.7). The
     * first owner seen after the session enters the tracker is recorded, as in ZooKeeper.
     * Trackers that do not track owners ignore it.
     */
    default SessionCheck check(long sessionId, long owner) {
        return check(sessionId);
    }

    /** The session (re)connected through this server: it owns the session from now on. */
    default void setOwner(long sessionId, long owner) {
    }

    /** True if the session is known and not closing. */
    default boolean isLive(long sessionId) {
        return check(sessionId) == SessionCheck.OK;
    }

    /** Every known session (closing ones included) with its timeout in ms, by id. */
    SortedMap<Long, Integer> sessionTimeouts();

    /** Whether every known session (closing ones included) passes the test; nothing is copied. */
    boolean allSessionsMatch(LongPredicate test);

    /** Stops every timer; the tracker is discarded (the server stops serving). */
    void shutdown();
}

package dev.zksim.server.session;

/**
 * Told by a tracker that a session's deadline passed. The server answers by submitting a
 * closeSession transaction; the tracker has already marked the session closing, so no
 * request of the session is accepted in the meantime.
 */
@FunctionalInterface
public interface SessionExpirer {
    void expire(long sessionId, int timeoutMs);
}

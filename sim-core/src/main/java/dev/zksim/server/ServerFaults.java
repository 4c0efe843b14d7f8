package dev.zksim.server;

import dev.zksim.protocol.ServerPacket;
import dev.zksim.server.session.SessionIds;

/**
 * The fault hooks of one server for the fault injector. Each acts on the live server
 * object, so get a fresh one after a restart.
 */
public final class ServerFaults {
    private final ZkServer server;

    ServerFaults(ZkServer server) {
        this.server = server;
    }

    /**
     * Expires the session now, as the leader does when its deadline passes: it is marked
     * closing and its closeSession txn is submitted. False if the session is not live, or
     * if this server does not expire sessions (a follower, or a member between terms).
     */
    public boolean expireSession(long sessionId) {
        return server.expireNow(sessionId);
    }

    /**
     * Arms the delay-close fault: when this server next expires the session (as the leader,
     * by its deadline or by {@link #expireSession}), the session is closing at once, so its
     * requests and pings here go unanswered and a reconnect hears Expired, but its
     * closeSession txn, which deletes its ephemerals, is submitted only after the delay. For
     * that long a new session of the same process still sees the old session's ephemerals.
     */
    public void delayClose(long sessionId, long delayMicros) {
        if (delayMicros <= 0) {
            throw new IllegalArgumentException("a close delay must be positive: " + delayMicros);
        }
        server.delayCloseOf(sessionId, delayMicros);
    }

    /**
     * Arms the lost-reply fault on the session's current connection: the Reply with this
     * xid is not delivered and the connection is reset instead. The server has by then
     * applied the request, so the client cannot tell whether its write happened. False if
     * the session has no connection here.
     */
    public boolean dropReplyTo(long sessionId, int xid) {
        ClientConnection connection = server.connections().ofSession(sessionId);
        if (connection == null) {
            return false;
        }
        server.network().trapNextSend(connection.connection(),
                message -> message instanceof ServerPacket.Reply reply && reply.xid() == xid,
                "reply to session " + SessionIds.hex(sessionId) + " xid " + xid);
        return true;
    }

    /**
     * Arms the lost-reply fault for the session's next answered request (any positive xid):
     * the form a fault plan uses, since it cannot know the next xid in advance.
     */
    public boolean dropNextReplyTo(long sessionId) {
        ClientConnection connection = server.connections().ofSession(sessionId);
        if (connection == null) {
            return false;
        }
        server.network().trapNextSend(connection.connection(),
                message -> message instanceof ServerPacket.Reply reply && reply.xid() > 0,
                "next reply to session " + SessionIds.hex(sessionId));
        return true;
    }

    /**
     * The lag fault of a serving quorum follower: for the next durationMicros it applies the
     * txns Zab delivers as committed late, all at once when the lag ends, while its peer keeps
     * logging and acking proposals. Its reads go stale (ZooKeeper allows that), its clients'
     * own writes are answered only once applied here, and clients whose lastZxid is ahead of
     * it are refused. Calling it again extends the lag. False if this server is not a
     * serving follower (the leader, a standalone server, or between terms).
     */
    public boolean lagFor(long durationMicros) {
        if (durationMicros <= 0) {
            throw new IllegalArgumentException("lag must be positive: " + durationMicros);
        }
        return server.mode().lagFor(durationMicros);
    }

    /** Number of client connections the server holds. */
    public int connectionCount() {
        return server.connections().size();
    }
}

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
     * closing and its closeSession txn is submitted. False if the session is not live.
     */
    public boolean expireSession(long sessionId) {
        return server.expireNow(sessionId);
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

    /** Number of client connections the server holds. */
    public int connectionCount() {
        return server.connections().size();
    }
}

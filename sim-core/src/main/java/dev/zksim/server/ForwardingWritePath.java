package dev.zksim.server;

import dev.zksim.server.prep.Request;
import dev.zksim.server.zab.QuorumPeer;

/**
 * A follower's {@link WritePath}: it prepares nothing itself. Writes (and new sessions'
 * createSession, and closeSession) go to the leader with their session id and cxid; the
 * leader prepares and proposes them, and the follower answers the client when the
 * committed txn with that (session, cxid) is applied here. A sync goes to the leader too,
 * which names the zxid the sync waits for (reference 5.5).
 */
final class ForwardingWritePath implements WritePath {
    private final QuorumPeer peer;

    ForwardingWritePath(QuorumPeer peer) {
        this.peer = peer;
    }

    @Override
    public void submit(long sessionId, int cxid, Request request) {
        peer.sendToLeader(new QuorumMessage.Forward(sessionId, cxid, request));
    }

    @Override
    public long syncPoint(long sessionId, int xid) {
        peer.sendToLeader(new QuorumMessage.SyncRequest(sessionId, xid));
        return UNKNOWN_SYNC_POINT;
    }

    @Override
    public void applied(long zxid) {
        // Nothing was prepared here.
    }
}

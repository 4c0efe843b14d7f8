package dev.zksim.server;


import dev.zksim.server.QuorumMessage.Forward;
import dev.zksim.server.QuorumMessage.Revalidate;
import dev.zksim.server.QuorumMessage.Revalidated;
import dev.zksim.server.QuorumMessage.SyncDone;
import dev.zksim.server.QuorumMessage.SyncRequest;
import dev.zksim.server.QuorumMessage.ToLeader;
import dev.zksim.server.QuorumMessage.Touches;
import dev.zksim.server.prep.Request;
import dev.zksim.server.session.SessionTracker;
import dev.zksim.server.zab.QuorumPeer;
import java.util.ArrayDeque;

/**
 * What the serving leader does for its followers during one term: it prepares their
 * forwarded writes with its own write path (touching the session, as any request does),
 * applies their reported touches to its expiring tracker, answers revalidations (a live
 * session is touched with the renegotiated timeout), and answers syncs once every proposal
 * outstanding at their arrival has committed here (ZooKeeper's pendingSyncs). Answers are
 * app messages, so they reach the follower after the COMMITs that precede them.
 */
final class LeaderDuties {
    /** A follower's sync that waits for the leader to apply zxid. */
    private record PendingSync(long sid, long sessionId, int xid, long zxid) {
    }

    private final ZkServer server;
    private final QuorumPeer peer;
    private final SessionTracker sessions;
    private final LocalWritePath writes;
    private final ArrayDeque<PendingSync> pendingSyncs = new ArrayDeque<>();

    LeaderDuties(ZkServer server, QuorumPeer peer, SessionTracker sessions, LocalWritePath writes) {
        this.server = server;
        this.peer = peer;
        this.sessions = sessions;
        this.writes = writes;
    }

    void onMessage(long sid, ToLeader message) {
        switch (message) {
            case Forward forward -> {
                sessions.touch(forward.sessionId());
                if (isClientWrite(forward.request())) {
                    server.requests().forwardedWrite(forward.sessionId(), forward.cxid());
                }
                writes.submitFrom(sid, forward.sessionId(), forward.cxid(), forward.request());
            }
            case Touches touches -> touches.sessions().keySet().forEach(sessions::touch);
            case Revalidate revalidate -> {
                boolean valid = sessions.touch(revalidate.sessionId(), revalidate.timeoutMs());
                if (valid) {
                    sessions.setOwner(revalidate.sessionId(), sid);
                }
                peer.sendToLearner(sid, new Revalidated(revalidate.sessionId(), revalidate.connectionId(), valid));
            }
            case SyncRequest sync -> onSync(sid, sync);
        }
    }

    /** Session creation and closing are not requests a later read of the session must wait for. */
    private static boolean isClientWrite(Request request) {
        return !(request instanceof Request.CreateSessionRequest) && !(request instanceof Request.CloseSessionRequest);
    }

    /** Sync points only grow, so the pending ones stay in zxid order. */
    private void onSync(long sid, SyncRequest sync) {
        PendingSync pending = new PendingSync(sid, sync.sessionId(), sync.xid(),
                writes.syncPoint(sync.sessionId(), sync.xid()));
        if (pendingSyncs.isEmpty() && server.lastProcessedZxid() >= pending.zxid()) {
            answer(pending);
        } else {
            pendingSyncs.addLast(pending);
        }
    }

    /** The leader applied up to lastProcessedZxid: answer the syncs that waited for it. */
    void applied(long lastProcessedZxid) {
        while (!pendingSyncs.isEmpty() && pendingSyncs.peekFirst().zxid() <= lastProcessedZxid) {
            answer(pendingSyncs.pollFirst());
        }
    }

    private void answer(PendingSync sync) {
        peer.sendToLearner(sync.sid(), new SyncDone(sync.sessionId(), sync.xid(), sync.zxid()));
    }

    /** The term ended: pending syncs die with the followers' connections. */
    void close() {
        pendingSyncs.clear();
    }
}

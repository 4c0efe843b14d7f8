package dev.zksim.server;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.Timer;
import dev.zksim.server.QuorumMessage.Revalidate;
import dev.zksim.server.QuorumMessage.Revalidated;
import dev.zksim.server.QuorumMessage.SyncDone;
import dev.zksim.server.QuorumMessage.ToFollower;
import dev.zksim.server.QuorumMessage.Touches;
import dev.zksim.server.session.LearnerSessionTracker;
import dev.zksim.server.zab.QuorumPeer;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a serving follower does for its clients during one term beyond forwarding writes:
 * it reports the sessions its clients touched to the leader every half tick (the leader
 * alone expires sessions, reference 4.4), asks the leader to revalidate reconnecting
 * sessions (4.5), and hands the leader's sync answers to the request processor (5.5).
 */
final class FollowerDuties {
    /** A reconnect waiting for the leader's verdict. */
    private record Pending(ClientConnection connection, long sessionId, int timeoutMs) {
    }

    private final ZkServer server;
    private final QuorumPeer peer;
    private final LearnerSessionTracker sessions;
    private final TreeMap<Long, Pending> revalidating = new TreeMap<>();
    private final long interval;
    private Timer timer;
    private boolean active = true;

    FollowerDuties(ZkServer server, QuorumPeer peer, LearnerSessionTracker sessions, int tickTimeMs) {
        this.server = server;
        this.peer = peer;
        this.sessions = sessions;
        this.interval = Time.millis(tickTimeMs) / 2;
        this.timer = server.process().heartbeat(interval, this::reportTouches);
    }

    private void reportTouches() {
        if (!active) {
            return;
        }
        SortedMap<Long, Integer> touched = sessions.drainTouched();
        if (!touched.isEmpty()) {
            peer.sendToLeader(new Touches(touched));
        }
        timer = server.process().heartbeat(interval, this::reportTouches);
    }

    /**
     * Asks the leader whether the session is live, as ZooKeeper's Learner.validateSession
     * does, even if this replica has not applied the session's createSession yet: the
     * leader's tracker is the authority on live sessions.
     */
    void revalidate(ClientConnection connection, long sessionId, int timeoutMs) {
        connection.creatingSession(sessionId);
        revalidating.put(connection.id(), new Pending(connection, sessionId, timeoutMs));
        peer.sendToLeader(new Revalidate(sessionId, timeoutMs, connection.id()));
    }

    void onMessage(ToFollower message) {
        switch (message) {
            case Revalidated verdict -> {
                Pending pending = revalidating.remove(verdict.connectionId());
                if (pending != null) {
                    if (verdict.valid() && !sessions.touch(pending.sessionId(), pending.timeoutMs())) {
                        sessions.addSession(pending.sessionId(), pending.timeoutMs());
                    }
                    server.reopened(pending.connection(), pending.sessionId(), pending.timeoutMs(), verdict.valid());
                }
            }
            case SyncDone done -> server.requests().syncPointKnown(done.sessionId(), done.xid(), done.zxid());
        }
    }

    /** The term ended: stop reporting; waiting reconnects die with their connections. */
    void close() {
        active = false;
        timer.cancel();
        revalidating.clear();
    }
}

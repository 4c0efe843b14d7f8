package dev.zksim.ensemble;

import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.client.ClientObserver;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.ServerPacket;
import java.util.List;

/**
 * The observer of one handle: replies and notifications go to the handle's self-checks, and
 * session events go to the ensemble as well, which tells whoever records the history.
 */
final class SessionEventTap implements ClientObserver {
    private final ClientObserver checks;
    private final SessionEvents events;

    /** Where a delivered session event goes: the session and its state. */
    @FunctionalInterface
    interface SessionEvents {
        void delivered(long sessionId, KeeperState state);
    }

    SessionEventTap(ClientObserver checks, SessionEvents events) {
        this.checks = checks;
        this.events = events;
    }

    @Override
    public void replied(long sessionId, Operation operation, ServerPacket.Reply reply) {
        checks.replied(sessionId, operation, reply);
    }

    @Override
    public void notified(long sessionId, WatchedEvent event) {
        checks.notified(sessionId, event);
    }

    @Override
    public void watchesResent(long sessionId, List<String> dataPaths, List<String> existPaths,
            List<String> childPaths) {
        checks.watchesResent(sessionId, dataPaths, existPaths, childPaths);
    }

    @Override
    public void sessionEvent(long sessionId, KeeperState state) {
        checks.sessionEvent(sessionId, state);
        events.delivered(sessionId, state);
    }
}

package dev.zksim.client;

import java.util.List;

import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.ServerPacket;

/**
 * Sees what a client handle receives, before the handle acts on it: the ensemble's
 * self-checks use it to verify per-client ordering guarantees (replies in request order,
 * a last zxid that never goes back, a watch event before any read that reflects it).
 */
public interface ClientObserver {
    ClientObserver NONE = new ClientObserver() {
    };

    /** A reply to the operation, as it arrives, for the given session. */
    default void replied(long sessionId, Operation operation, ServerPacket.Reply reply) {
    }

    /** A watch notification, as it arrives. */
    default void notified(long sessionId, WatchedEvent event) {
    }

    /**
     * The watches the handle re-registers as it reconnects (its SetWatches, empty if it has
     * none). A watch the handle no longer holds, such as one removed locally while the
     * connection was down, is not sent, and from now on the server does not hold it either.
     */
    default void watchesResent(long sessionId, List<String> dataPaths, List<String> existPaths,
            List<String> childPaths) {
    }

    /**
     * A session event (Disconnected, SyncConnected, Expired, Closed) the handle is about to
     * deliver to its watchers, before any of them runs. A repeated state that reaches nobody
     * is not reported: from this instant the application has been told.
     */
    default void sessionEvent(long sessionId, KeeperState state) {
    }
}

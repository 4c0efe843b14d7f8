package dev.zksim.ensemble;

import dev.zksim.api.KeeperState;

/**
 * Hears each session event a client's handle delivers to the client's code (Disconnected,
 * SyncConnected, Expired, Closed), at the instant it is delivered and before any watcher
 * runs. The history uses it to know from when a client had been told its connection or its
 * session was gone, which is when a belief it keeps holding stops being excusable.
 */
@FunctionalInterface
public interface SessionEventListener {

    /** The client's handle of the session is delivering the state to its watchers. */
    void delivered(String client, long sessionId, KeeperState state);
}

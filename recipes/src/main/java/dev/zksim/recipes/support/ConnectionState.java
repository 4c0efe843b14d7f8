package dev.zksim.recipes.support;

/**
 * The connection state a recipe acts on, derived from ZooKeeper's session events.
 * CONNECTED on SyncConnected; SUSPENDED on Disconnected (the session may still be alive, but
 * this client cannot know, so a lock holder or leader must stop acting as one until it is
 * reconnected); LOST on Expired or Closed (the session and its ephemerals are gone).
 */
public enum ConnectionState {
    CONNECTED,
    SUSPENDED,
    LOST
}

package dev.zksim.recipes.support;

/**
 * Where a holder-style recipe (a lock, a leader election, a group membership) stands, as it
 * reports to its listener. HELD means the caller may act as the holder (the lock owner, the
 * leader, a member). SUSPENDED means it must stop acting as one: the connection is down and
 * the session, with its node, may already be expired elsewhere. LOST means the node is gone
 * (the session expired or the node was deleted); the recipe must be started again.
 */
public enum HolderState {
    WAITING,
    HELD,
    SUSPENDED,
    LOST,
    RELEASED
}

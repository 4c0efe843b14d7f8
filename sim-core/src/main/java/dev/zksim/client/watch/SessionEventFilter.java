package dev.zksim.client.watch;

import dev.zksim.api.EventType;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;

/**
 * Drops a session event whose state equals the state of the last event let through, so a
 * second Disconnected in a row reaches nobody (reference 3.5). Like ZooKeeper's event
 * thread it starts from Disconnected, so a first Disconnected before any connection is
 * dropped too, and it records the state of node events as well: they always carry
 * SyncConnected, which then suppresses a following SyncConnected session event.
 */
final class SessionEventFilter {

    private KeeperState lastState = KeeperState.Disconnected;

    /** Whether to deliver this event; records its state when it passes. */
    boolean admit(WatchedEvent event) {
        if (event.type() == EventType.None && event.state() == lastState) {
            return false;
        }
        lastState = event.state();
        return true;
    }

    KeeperState lastState() {
        return lastState;
    }
}

package dev.zksim.api;

/**
 * Receives watch notifications and session events. In the simulation every call runs on
 * the simulation thread, in the order the client library received the events, like
 * ZooKeeper's event thread. Implementations must not block.
 */
@FunctionalInterface
public interface Watcher {
    void process(WatchedEvent event);
}

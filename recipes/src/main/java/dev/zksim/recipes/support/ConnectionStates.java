package dev.zksim.recipes.support;

import dev.zksim.api.EventType;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Fans a ZooKeeper handle's session events out to the recipes that use the handle. Pass it
 * (or forward to it) as the handle's default watcher: a lock holder has no watch of its own
 * registered, so without this it would never hear that its connection was lost.
 */
public final class ConnectionStates implements Watcher {
    // On a real cluster recipes subscribe from callers' threads while ZooKeeper's event thread
    // delivers session events, so the list is copy-on-write and the state volatile.
    private final List<Consumer<ConnectionState>> listeners = new CopyOnWriteArrayList<>();
    private volatile ConnectionState current = ConnectionState.SUSPENDED;

    /** Subscribes; the listener hears every later change. */
    public void subscribe(Consumer<ConnectionState> listener) {
        listeners.add(listener);
    }

    public void unsubscribe(Consumer<ConnectionState> listener) {
        listeners.remove(listener);
    }

    /** The last state seen (SUSPENDED until the first SyncConnected). */
    public ConnectionState current() {
        return current;
    }

    /**
     * The application opened a new session after the old one was lost: the state leaves LOST
     * for SUSPENDED (connecting) without telling anyone, and the new session's SyncConnected
     * then reports CONNECTED to every listener. A recipe that reacted to LOST by stopping can
     * be started again from that point on.
     */
    public void renewed() {
        current = ConnectionState.SUSPENDED;
    }

    @Override
    public void process(WatchedEvent event) {
        if (event.type() != EventType.None) {
            return;
        }
        ConnectionState next = switch (event.state()) {
            case SyncConnected, ConnectedReadOnly -> ConnectionState.CONNECTED;
            case Disconnected -> ConnectionState.SUSPENDED;
            case Expired, Closed, AuthFailed -> ConnectionState.LOST;
            case SaslAuthenticated -> current;
        };
        if (next == current || current == ConnectionState.LOST) {
            return;
        }
        current = next;
        for (Consumer<ConnectionState> listener : listeners) {
            listener.accept(next);
        }
    }
}

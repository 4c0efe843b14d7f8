package dev.zksim.real;

import dev.zksim.api.KeeperException;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import java.util.concurrent.CompletableFuture;

/**
 * The default watcher given to the official client. It forwards every event to the
 * caller's default watcher (if any) and watches the session's life: the first
 * SyncConnected completes {@link #connected()}, and the end of the handle (Closed,
 * Expired, AuthFailed) completes {@link #ended()}. The caller's watcher sees each event
 * before the futures complete, so whoever waits on a future finds that event delivered.
 */
final class SessionWatcher implements org.apache.zookeeper.Watcher {
    private final Watcher delegate;
    private final CompletableFuture<Void> connected = new CompletableFuture<>();
    private final CompletableFuture<Void> ended = new CompletableFuture<>();

    /** @param delegate the caller's default watcher, or null for none */
    SessionWatcher(Watcher delegate) {
        this.delegate = delegate;
    }

    /** The caller's default watcher, or null. */
    Watcher delegate() {
        return delegate;
    }

    CompletableFuture<Void> connected() {
        return connected;
    }

    CompletableFuture<Void> ended() {
        return ended;
    }

    @Override
    public void process(org.apache.zookeeper.WatchedEvent zkEvent) {
        WatchedEvent event = Convert.event(zkEvent);
        try {
            if (delegate != null) {
                delegate.process(event);
            }
        } finally {
            track(event);
        }
    }

    private void track(WatchedEvent event) {
        switch (event.state()) {
            case SyncConnected, ConnectedReadOnly -> connected.complete(null);
            case Expired -> end(KeeperException.Code.SESSIONEXPIRED);
            case AuthFailed -> end(KeeperException.Code.AUTHFAILED);
            case Closed -> end(KeeperException.Code.SESSIONEXPIRED);
            case Disconnected, SaslAuthenticated -> {
                // Neither ends the handle: the client keeps reconnecting on its own.
            }
        }
    }

    /** The handle is closed for good; a connect that never succeeded fails with the reason. */
    private void end(KeeperException.Code reason) {
        connected.completeExceptionally(KeeperException.create(reason));
        ended.complete(null);
    }
}

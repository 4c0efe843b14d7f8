package dev.zksim.official;

import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;

/**
 * A user's official Watcher as the simulated client library sees it. Being a record, two
 * forwarders of the same Watcher on the same handle are equal, so the library sets one
 * watch for them and fires it once, as the official client does for a Watcher registered
 * twice on one path.
 */
record ForwardingWatcher(org.apache.zookeeper.Watcher target, EventThread events) implements Watcher {
    @Override
    public void process(WatchedEvent event) {
        events.post(() -> target.process(Conversions.event(event)));
    }
}

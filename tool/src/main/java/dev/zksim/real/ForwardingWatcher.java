package dev.zksim.real;

import dev.zksim.api.Watcher;
import java.util.Objects;

/**
 * A zksim Watcher seen by the official client. ZooKeeper collects the watchers of one
 * notification in a hash set and calls each once (reference 3.3), so two registrations
 * must map to equal ZooKeeper watchers exactly when the zksim watchers are equal. A
 * record compares by its component: the same zksim Watcher object wrapped twice gives two
 * equal adapters, which ZooKeeper then treats as one, the rule the simulated client
 * follows too. No lookup table is needed, so nothing grows with the number of watches.
 */
record ForwardingWatcher(Watcher target) implements org.apache.zookeeper.Watcher {

    ForwardingWatcher {
        Objects.requireNonNull(target, "target");
    }

    @Override
    public void process(org.apache.zookeeper.WatchedEvent event) {
        target.process(Convert.event(event));
    }
}

package dev.zksim.client;

import dev.zksim.kernel.choice.Choices;
import java.util.List;

/**
 * ZooKeeper's StaticHostProvider: the server list is shuffled once from the client's
 * choice stream and then tried round-robin. When the next pick comes back to the server of
 * the last successful connection (or, before any success, to the first server tried), a
 * whole cycle has failed and the caller must back off before trying again.
 */
final class HostProvider {

    /** The next server to try, and whether a full cycle of failures precedes it. */
    record Pick(String server, boolean fullCycle) {
    }

    private final List<String> servers;
    private int current = -1;
    private int lastConnected = -1;

    HostProvider(List<String> serverIds, Choices choices) {
        if (serverIds.isEmpty()) {
            throw new IllegalArgumentException("a client needs at least one server");
        }
        this.servers = List.copyOf(choices.shuffle(serverIds));
    }

    /** The shuffled order in which servers are tried. */
    List<String> order() {
        return servers;
    }

    int size() {
        return servers.size();
    }

    Pick next() {
        current = (current + 1) % servers.size();
        boolean fullCycle = current == lastConnected;
        // Before any success the first server tried plays the part of the last good one,
        // so the very first cycle also ends with a backoff, as in ZooKeeper.
        if (lastConnected == -1) {
            lastConnected = current;
        }
        return new Pick(servers.get(current), fullCycle);
    }

    /** Marks the current server as the last one that accepted a session. */
    void onConnected() {
        lastConnected = current;
    }
}

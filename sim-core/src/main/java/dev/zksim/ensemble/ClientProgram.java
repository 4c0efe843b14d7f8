package dev.zksim.ensemble;

import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;

/**
 * What runs in a simulated client process: a workload or a recipe. {@link #started} is
 * called at each start of the process with a fresh ZooKeeper handle (a crash loses the
 * session with everything else), and {@link #process} receives the handle's default
 * watcher events. Both run on the simulation thread and must not block.
 */
public interface ClientProgram {

    void started(ClientContext context, ZooKeeperClient zk);

    /** The default watcher of the current handle. */
    default void process(WatchedEvent event) {
    }
}

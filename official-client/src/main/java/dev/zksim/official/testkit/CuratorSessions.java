package dev.zksim.official.testkit;

import dev.zksim.api.EventType;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.official.OfficialClients;
import dev.zksim.official.SimulatedZooKeeper;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;

/**
 * The ZooKeeper handles a CuratorFramework gets in the testkit: the sessions of the testkit's
 * client, so that faults aimed at the client ({@code expire c2}) strike the session Curator
 * really uses, and the history says which session did what.
 *
 * <p>Curator asks for a handle when it starts and again whenever it gave the last one up:
 * after {@code Expired}, or when its own timer declared the session lost while the connection
 * was down. After an expiry the testkit's client opens the next session itself (as an
 * application does), and Curator gets that one; if Curator gave up a session that the client
 * still thinks alive, a new one is opened for it. Curator's watcher becomes the handle's
 * default watcher and, if the handle is already connected, hears {@code SyncConnected} on the
 * handle's event thread, as it would from a handle it had just connected.
 */
final class CuratorSessions {
    private final SimulatedClient client;
    private ZooKeeper handedOut;

    CuratorSessions(SimulatedClient client) {
        this.client = client;
    }

    /** Curator's {@code ZookeeperFactory}: called on a simulated thread of the client. */
    ZooKeeper newZooKeeper(Watcher watcher) {
        ZooKeeper handle = client.zk();
        if (handle == handedOut) {
            client.renew();
            handle = client.zk();
        }
        handedOut = handle;
        handle.register(watcher);
        if (handle.getState().isConnected()) {
            OfficialClients.deliverDefault((SimulatedZooKeeper) handle,
                    new WatchedEvent(EventType.None, KeeperState.SyncConnected, null, -1));
        }
        return handle;
    }
}

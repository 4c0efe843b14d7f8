package dev.zksim.official.testkit;

import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/** Nodes at fixed paths that an ephemeral owner gives back. */
final class OwnNodes {
    private OwnNodes() {
    }

    /**
     * Deletes the node at {@code path} if this session owns it. A delete whose reply was lost
     * may have been applied, and by the time it is asked again another client may own a new
     * node at the same path: a blind retry would delete that one. So every attempt first
     * looks at the owner. The node cannot change hands between the look and the delete while
     * this session owns it.
     */
    static void deleteIfMine(ZooKeeper zk, String path) throws InterruptedException, KeeperException {
        while (true) {
            try {
                Stat stat = zk.exists(path, false);
                if (stat == null || stat.getEphemeralOwner() != zk.getSessionId()) {
                    return;
                }
                zk.delete(path, stat.getVersion());
                return;
            } catch (KeeperException.NoNodeException | KeeperException.SessionExpiredException e) {
                return;
            } catch (KeeperException.ConnectionLossException e) {
                // Looked at again once the connection is back.
            }
        }
    }
}

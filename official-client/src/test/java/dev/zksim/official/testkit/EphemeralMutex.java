package dev.zksim.official.testkit;

import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * The simplest lock on the official blocking API: whoever creates the ephemeral node holds
 * the lock; the others wait for it to go. A create whose reply was lost is recognised by the
 * node's ephemeral owner. {@code checkFirst} builds a broken variant that asks whether the
 * node exists and then writes it as a persistent node without a version check: two
 * clients that both see it missing both believe they hold.
 */
final class EphemeralMutex implements BlockingLock {
    private final Supplier<ZooKeeper> handles;
    private final String path;
    private final boolean checkFirst;

    EphemeralMutex(Supplier<ZooKeeper> handles, String path, boolean checkFirst) {
        this.handles = handles;
        this.path = path;
        this.checkFirst = checkFirst;
    }

    @Override
    public long acquire() throws Exception {
        ZooKeeper zk = handles.get();
        while (true) {
            CountDownLatch gone = new CountDownLatch(1);
            Stat held = zk.exists(path, event -> gone.countDown());
            if (held == null) {
                Long token = checkFirst ? overwrite(zk) : create(zk);
                if (token != null) {
                    return token;
                }
            } else if (held.getEphemeralOwner() == zk.getSessionId()) {
                return held.getCzxid();
            } else {
                waitFor(zk, gone);
            }
        }
    }

    /** Waits for the holder's node to go; interrupted, withdraws a create that may have won. */
    private void waitFor(ZooKeeper zk, CountDownLatch gone) throws Exception {
        try {
            gone.await();
        } catch (InterruptedException e) {
            OwnNodes.deleteIfMine(zk, path);
            throw e;
        }
    }

    private Long create(ZooKeeper zk) throws Exception {
        Stat stat = new Stat();
        try {
            zk.create(path, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL, stat);
            return stat.getCzxid();
        } catch (KeeperException.NodeExistsException | KeeperException.ConnectionLossException e) {
            return null;
        }
    }

    private Long overwrite(ZooKeeper zk) throws Exception {
        try {
            zk.create(path, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
        } catch (KeeperException.NodeExistsException e) {
            zk.setData(path, new byte[0], -1);
        }
        return 0L;
    }

    @Override
    public void release() throws Exception {
        OwnNodes.deleteIfMine(handles.get(), path);
    }
}

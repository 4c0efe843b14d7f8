package dev.zksim.official.testkit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * A fair semaphore of N leases on the official blocking API: every caller queues an
 * EPHEMERAL_SEQUENTIAL node {@code lease-<owner>-<attempt>-NNNNNNNNNN}, and the first N in
 * sequence order hold a lease; the others watch the queue and look again when it changes.
 * A create whose reply was lost is found by its unique name. {@code countFirst} builds a
 * broken variant that counts the queue and, if it holds fewer than N, adds its node and holds
 * at once: two callers that both count N-1 both hold.
 */
final class QueueSemaphore implements BlockingLock {
    private final Supplier<ZooKeeper> handles;
    private final String dir;
    private final String owner;
    private final int permits;
    private final boolean countFirst;
    private int attempt;
    private String node;

    QueueSemaphore(Supplier<ZooKeeper> handles, String dir, String owner, int permits, boolean countFirst) {
        this.handles = handles;
        this.dir = dir;
        this.owner = owner;
        this.permits = permits;
        this.countFirst = countFirst;
    }

    @Override
    public long acquire() throws Exception {
        ZooKeeper zk = handles.get();
        String name = "lease-" + owner + "-" + (++attempt) + "-";
        try {
            ensureDir(zk);
            if (countFirst) {
                awaitFewerThanPermits(zk);
            }
            node = createOrFind(zk, name);
            if (!countFirst) {
                awaitTurn(zk);
            }
            return 0;
        } catch (Exception e) {
            node = node != null ? node : find(zk, name);
            giveBack(zk);
            throw e;
        }
    }

    private void ensureDir(ZooKeeper zk) throws Exception {
        try {
            zk.create(dir, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        } catch (KeeperException.NodeExistsException | KeeperException.ConnectionLossException e) {
            // There already, or maybe made: the calls that follow answer it.
        }
    }

    private String createOrFind(ZooKeeper zk, String name) throws Exception {
        while (true) {
            try {
                return zk.create(dir + "/" + name, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE,
                        CreateMode.EPHEMERAL_SEQUENTIAL);
            } catch (KeeperException.ConnectionLossException e) {
                String made = find(zk, name);
                if (made != null) {
                    return made;
                }
            }
        }
    }

    /** This attempt's node, if it was made: asked until the connection answers or the session is gone. */
    private String find(ZooKeeper zk, String name) throws Exception {
        while (true) {
            try {
                for (String child : zk.getChildren(dir, false)) {
                    if (child.startsWith(name)) {
                        return dir + "/" + child;
                    }
                }
                return null;
            } catch (KeeperException.ConnectionLossException e) {
                // Asked again once the connection is back.
            } catch (KeeperException.SessionExpiredException | KeeperException.NoNodeException e) {
                return null;
            }
        }
    }

    /** Holds once its node is among the first {@code permits} of the queue. */
    private void awaitTurn(ZooKeeper zk) throws Exception {
        while (true) {
            CountDownLatch changed = new CountDownLatch(1);
            String mine = node.substring(dir.length() + 1);
            List<String> queue = new ArrayList<>();
            for (String child : zk.getChildren(dir, event -> changed.countDown())) {
                // Leftovers of this caller's lost or given-up creates, applied after it looked for them.
                if (child.startsWith("lease-" + owner + "-") && !child.equals(mine)) {
                    deleteQuietly(zk, dir + "/" + child);
                } else {
                    queue.add(child);
                }
            }
            queue.sort(Comparator.comparing(child -> child.substring(child.length() - 10)));
            int index = queue.indexOf(mine);
            if (index < 0) {
                throw new KeeperException.NoNodeException(node);
            }
            if (index < permits) {
                return;
            }
            changed.await();
        }
    }

    private void awaitFewerThanPermits(ZooKeeper zk) throws Exception {
        while (true) {
            CountDownLatch changed = new CountDownLatch(1);
            if (zk.getChildren(dir, event -> changed.countDown()).size() < permits) {
                return;
            }
            changed.await();
        }
    }

    @Override
    public void release() throws Exception {
        giveBack(handles.get());
    }

    private void giveBack(ZooKeeper zk) throws Exception {
        String mine = node;
        node = null;
        if (mine != null) {
            deleteQuietly(zk, mine);
        }
    }

    /** Deletes a node of this caller's (its unique name is nobody else's); a lost reply means again. */
    private static void deleteQuietly(ZooKeeper zk, String path) throws Exception {
        while (true) {
            try {
                zk.delete(path, -1);
                return;
            } catch (KeeperException.NoNodeException | KeeperException.SessionExpiredException e) {
                return;
            } catch (KeeperException.ConnectionLossException e) {
                // Asked again once the connection is back.
            }
        }
    }
}

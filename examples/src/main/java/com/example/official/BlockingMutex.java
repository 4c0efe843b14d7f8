package com.example.official;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * A user's exclusive lock written only against {@code org.apache.zookeeper.ZooKeeper} and its
 * blocking API: the recipes page's lock. Each attempt creates
 * {@code dir/lock-<owner>-<attempt>-NNNNNNNNNN} EPHEMERAL_SEQUENTIAL; the lowest sequence
 * number holds the lock, every other waiter watches its predecessor and lists again when
 * anything happens to it. The lock node's czxid is the fencing token.
 *
 * <p>A create whose reply was lost (ConnectionLoss) may have been applied: the attempt's name
 * is unique, so the lock looks for its node before creating again. Interrupted while waiting,
 * or failing otherwise, the lock deletes its node and throws. A lost session is the
 * caller's to handle: {@code handles} gives the current handle, a new one after
 * {@code Expired}.
 *
 * <p>{@code recheck = false} builds the classic bug: a waiter whose predecessor goes assumes
 * it now holds the lock, which is wrong when the predecessor was a waiter that gave up.
 */
public class BlockingMutex {
    private final Supplier<ZooKeeper> handles;
    private final String dir;
    private final String owner;
    private final boolean recheck;
    private int attempt;
    private String node;

    public BlockingMutex(Supplier<ZooKeeper> handles, String dir, String owner, boolean recheck) {
        this.handles = handles;
        this.dir = dir;
        this.owner = owner;
        this.recheck = recheck;
    }

    /** Blocks until held; returns the fencing token. */
    public long acquire() throws KeeperException, InterruptedException {
        ZooKeeper zk = handles.get();
        String name = "lock-" + owner + "-" + (++attempt) + "-";
        try {
            ensureDir(zk);
            node = createOrAdopt(zk, name);
            return awaitTurn(zk);
        } catch (KeeperException | InterruptedException | RuntimeException e) {
            abandon(zk, name);
            throw e;
        }
    }

    /** Gives the lock up. */
    public void release() throws KeeperException, InterruptedException {
        String mine = node;
        node = null;
        if (mine == null) {
            return;
        }
        delete(handles.get(), mine);
    }

    /** Deletes a node of this lock; a live session would keep it, so a lost reply means again. */
    private static void delete(ZooKeeper zk, String path) throws KeeperException, InterruptedException {
        while (true) {
            try {
                zk.delete(path, -1);
                return;
            } catch (KeeperException.NoNodeException | KeeperException.SessionExpiredException e) {
                return;
            } catch (KeeperException.ConnectionLossException e) {
                // Asked again once the connection is back; NoNode then means the first one was applied.
            }
        }
    }

    private void ensureDir(ZooKeeper zk) throws KeeperException, InterruptedException {
        while (true) {
            try {
                zk.create(dir, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                return;
            } catch (KeeperException.NodeExistsException e) {
                return;
            } catch (KeeperException.ConnectionLossException e) {
                // The create may or may not have been applied: try again, the node's existence answers it.
            }
        }
    }

    private String createOrAdopt(ZooKeeper zk, String name) throws KeeperException, InterruptedException {
        while (true) {
            try {
                return zk.create(dir + "/" + name, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE,
                        CreateMode.EPHEMERAL_SEQUENTIAL);
            } catch (KeeperException.ConnectionLossException e) {
                String adopted = find(zk, name);
                if (adopted != null) {
                    return adopted;
                }
            }
        }
    }

    private String find(ZooKeeper zk, String name) throws KeeperException, InterruptedException {
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
            }
        }
    }

    private long awaitTurn(ZooKeeper zk) throws KeeperException, InterruptedException {
        boolean assumeFirst = false;
        while (true) {
            String mine = node.substring(dir.length() + 1);
            List<String> children = sorted(withoutLeftovers(zk, listChildren(zk), mine));
            int index = children.indexOf(mine);
            if (index < 0) {
                throw new KeeperException.NoNodeException(node);
            }
            if (index == 0 || assumeFirst) {
                Stat stat = zk.exists(node, false);
                if (stat == null) {
                    throw new KeeperException.NoNodeException(node);
                }
                return stat.getCzxid();
            }
            CountDownLatch changed = new CountDownLatch(1);
            Stat predecessor = zk.exists(dir + "/" + children.get(index - 1), event -> changed.countDown());
            if (predecessor != null) {
                changed.await();
                assumeFirst = !recheck;
            }
        }
    }

    /**
     * Deletes this lock's nodes other than the current attempt's and leaves them out of the
     * queue: a create whose reply was lost can be applied after the lock looked for it (the
     * listing went to a server that had not seen it yet) and after an attempt was given up;
     * such a node of this live session would otherwise stand in the queue for ever.
     */
    private List<String> withoutLeftovers(ZooKeeper zk, List<String> children, String mine)
            throws KeeperException, InterruptedException {
        List<String> queue = new ArrayList<>();
        for (String child : children) {
            if (child.startsWith("lock-" + owner + "-") && !child.equals(mine)) {
                delete(zk, dir + "/" + child);
            } else {
                queue.add(child);
            }
        }
        return queue;
    }

    private List<String> listChildren(ZooKeeper zk) throws KeeperException, InterruptedException {
        while (true) {
            try {
                return zk.getChildren(dir, false);
            } catch (KeeperException.ConnectionLossException e) {
                // Asked again once the connection is back.
            }
        }
    }

    /**
     * Withdraws the attempt. Interrupted during the create, the lock does not know whether
     * the create was applied; its reply comes before that of a later listing on the same
     * connection, so the listing answers it.
     */
    private void abandon(ZooKeeper zk, String name) {
        String mine = node;
        node = null;
        try {
            if (mine == null) {
                mine = find(zk, name);
            }
            if (mine != null) {
                delete(zk, mine);
            }
        } catch (KeeperException | InterruptedException e) {
            // Best effort: an ephemeral node goes with its session at the latest.
        }
    }

    /** Lock nodes by sequence number, the last ten characters of the name. */
    private static List<String> sorted(List<String> children) {
        List<String> locks = new ArrayList<>(children);
        locks.sort(Comparator.comparing(child -> child.substring(child.length() - 10)));
        return locks;
    }
}

package dev.zksim.recipes.rwlock;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.lock.SequentialLock;
import dev.zksim.recipes.support.ConnectionStates;

/**
 * The shared (read/write) lock of the recipes page, on one directory:
 *
 * <ol>
 *   <li>a reader creates {@code dir/<guid>-read-}, a writer {@code dir/<guid>-write-}, both
 *       EPHEMERAL_SEQUENTIAL and guid-protected against lost replies;</li>
 *   <li>getChildren(dir) without a watch;</li>
 *   <li>a reader holds if no {@code write-} node has a lower sequence number, else it calls
 *       exists(next-lower write- node, watch); a writer holds if no node of either kind is
 *       lower, else it calls exists(next-lower node, watch);</li>
 *   <li>a null exists, or the watch's event, sends it back to step 2.</li>
 * </ol>
 *
 * Release deletes the node. When a writer leaves, every reader queued right after it wakes at
 * once: that is the lock working (they all may read now), not a herd. Each lock's fencing
 * token is its node's czxid: it grows from writer to writer, and a reader's token is larger
 * than that of every writer that held before it. Connection states are as for
 * {@link SequentialLock}.
 */
public final class ReadWriteLock {
    private final ZooKeeperClient zk;
    private final ConnectionStates connection;
    private final String dir;
    private final String guid;
    private int sides;

    /** @param guid unique per instance, as for {@link SequentialLock}; each side made extends it */
    public ReadWriteLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid) {
        this.zk = zk;
        this.connection = connection;
        this.dir = dir;
        this.guid = guid;
    }

    /** A new read side; acquire it for a shared hold. */
    public SequentialLock readLock(LockListener listener) {
        return new SequentialLock(zk, connection, dir, guid + "r" + ++sides, ReadWriteRules.READ, ReadWriteRules::read, true,
                listener);
    }

    /**
     * A read side for a downgrade: taken while this client holds the write lock whose node has
     * the sequence number {@code origin}, it stands in the queue where that node stands and
     * does not wait for it ({@link ReadWriteRules}), so the holder can let the write lock go
     * and go on reading with no writer slipping in between.
     */
    public SequentialLock downgradeLock(long origin, LockListener listener) {
        return new SequentialLock(zk, connection, dir, guid + "d" + ++sides, ReadWriteRules.downgradeRole(origin),
                ReadWriteRules::read, true, listener);
    }

    /** A new write side; acquire it for an exclusive hold. */
    public SequentialLock writeLock(LockListener listener) {
        return new SequentialLock(zk, connection, dir, guid + "w" + ++sides, ReadWriteRules.WRITE, ReadWriteRules::write, true,
                listener);
    }
}

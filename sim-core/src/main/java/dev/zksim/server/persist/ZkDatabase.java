package dev.zksim.server.persist;

import dev.zksim.server.tree.ApplyResult;
import dev.zksim.server.tree.DataTree;
import dev.zksim.server.tree.Transaction;
import dev.zksim.server.tree.Txn;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The replicated state of one server: the data tree and the sessions that committed
 * transactions opened and did not close yet, with the timeouts they were opened with. A
 * restarted server or a new leader rebuilds its session tracker from these. Like the tree,
 * it changes only through {@link #apply}, and replaying a txn is harmless.
 */
public final class ZkDatabase {
    private final DataTree tree;
    private final TreeMap<Long, Integer> sessions;
    private long applied;

    private ZkDatabase(DataTree tree, SortedMap<Long, Integer> sessions) {
        this.tree = tree;
        this.sessions = new TreeMap<>(sessions);
    }

    /** A fresh standalone database: the initial tree and no sessions. */
    public static ZkDatabase fresh() {
        return new ZkDatabase(DataTree.standalone(), new TreeMap<>());
    }

    /**
     * A fresh quorum database: /zookeeper/config holds the ensemble's configuration text
     * (version -1, config version 0), as a quorum server's initial tree does.
     */
    public static ZkDatabase freshQuorum(byte[] configData) {
        return new ZkDatabase(DataTree.quorum(configData, 0), new TreeMap<>());
    }

    public static ZkDatabase restore(DatabaseSnapshot snapshot) {
        return new ZkDatabase(DataTree.restore(snapshot.tree()), snapshot.sessions());
    }

    /** Applies one committed transaction to the tree and the session table. */
    public ApplyResult apply(Transaction transaction) {
        applied++;
        ApplyResult result = tree.apply(transaction);
        long sessionId = transaction.header().sessionId();
        switch (transaction.txn()) {
            case Txn.CreateSessionTxn create -> sessions.put(sessionId, create.timeout());
            case Txn.CloseSessionTxn close -> sessions.remove(sessionId);
            default -> {
                // Other txns do not open or close sessions.
            }
        }
        return result;
    }

    /** An independent copy in O(1), in the same state (see {@link DataTree#copy()}). */
    public ZkDatabase copy() {
        return new ZkDatabase(tree.copy(), sessions);
    }

    /** From now on the tree leaves each application behind for replicas in the same state. */
    public void shareApplications() {
        tree.shareApplications();
    }

    public DatabaseSnapshot snapshot() {
        return new DatabaseSnapshot(tree.snapshot(), sessions);
    }

    /** The tree; read it, never apply to it directly. */
    public DataTree tree() {
        return tree;
    }

    public long lastProcessedZxid() {
        return tree.lastProcessedZxid();
    }

    /** Sessions by id with the timeout (ms) their createSession carried. */
    public SortedMap<Long, Integer> sessions() {
        return Collections.unmodifiableSortedMap(sessions);
    }

    /**
     * How many transactions this database has applied. Its tree and sessions change only by
     * {@link #apply}, so a check of this database that passed needs no repeat until the count
     * moves (the ensemble's periodic self-check skips replicas that stood still).
     */
    public long applied() {
        return applied;
    }

    public boolean hasSession(long sessionId) {
        return sessions.containsKey(sessionId);
    }
}

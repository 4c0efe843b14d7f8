package dev.zksim.server.persist;

import dev.zksim.server.tree.Transaction;
import java.util.List;

/**
 * What a quorum server gives Zab as its state (the content of Zab's snapshot files and of
 * a SNAP sync): the applied database plus the txns Zab already delivered but the server has
 * not applied yet (a lagging follower holds some back). Together they are the state as of
 * the last delivered zxid, which is the zxid Zab tags the snapshot with.
 */
public record ReplicaSnapshot(DatabaseSnapshot database, List<Transaction> unapplied) {
    public ReplicaSnapshot {
        unapplied = List.copyOf(unapplied);
    }

    /** Rebuilds the database with every unapplied txn applied. */
    public ZkDatabase restore() {
        ZkDatabase restored = ZkDatabase.restore(database);
        for (Transaction transaction : unapplied) {
            restored.apply(transaction);
        }
        return restored;
    }
}

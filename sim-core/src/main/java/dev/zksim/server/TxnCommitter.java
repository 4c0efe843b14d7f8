package dev.zksim.server;

import dev.zksim.server.tree.Transaction;

/**
 * The seam for "how a prepared transaction gets committed". The write path hands every
 * prepared transaction, in zxid order, to {@link #commit}; the committer makes it durable
 * (and, in quorum mode, replicated) and then calls its {@link CommitListener} with it,
 * again in zxid order, never from inside {@code commit} itself.
 *
 * <p>Standalone ({@link dev.zksim.server.persist.LocalCommitter}): append to the local txn
 * log, fsync (after a drawn latency, with group commit), then hand over. Quorum ({@link ZabCommitter}):
 * the leader proposes the txn through Zab, and every server hands over the txns Zab delivers as
 * committed, including those it did not prepare itself.
 */
public interface TxnCommitter {

    /** Starts committing one prepared transaction. */
    void commit(Transaction transaction);

    /** Drops anything not yet handed over; the server stops serving (crash or role change). */
    void shutdown();
}

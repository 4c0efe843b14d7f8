package dev.zksim.server;

import dev.zksim.server.tree.Transaction;

/**
 * What a {@link TxnCommitter} calls with each committed transaction, in zxid order without
 * gaps: the server applies it to its database, fires watches and answers whoever waits
 * for it. In quorum mode this is what Zab's deliver callback turns into.
 */
@FunctionalInterface
public interface CommitListener {
    void committed(Transaction transaction);
}

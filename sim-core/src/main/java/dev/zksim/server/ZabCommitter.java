package dev.zksim.server;

import dev.zksim.server.tree.Transaction;
import dev.zksim.server.zab.QuorumPeer;

/**
 * The leader's {@link TxnCommitter}: it proposes each prepared transaction through Zab.
 * The committed txn comes back through {@code ZabApplication.deliver} on every server,
 * this one included, which is the commit listener's only input in quorum mode. The leader's
 * write path numbers txns from the epoch's first zxid in the order it hands them here,
 * exactly as Zab numbers proposals, so the zxid in the header is the one Zab assigns.
 */
final class ZabCommitter implements TxnCommitter {
    private final QuorumPeer peer;
    private boolean stopped;

    ZabCommitter(QuorumPeer peer) {
        this.peer = peer;
    }

    @Override
    public void commit(Transaction transaction) {
        if (stopped) {
            return;
        }
        long zxid = peer.propose(transaction);
        if (zxid != transaction.zxid()) {
            throw new IllegalStateException("prepared txn " + Long.toHexString(transaction.zxid())
                    + " was proposed as " + Long.toHexString(zxid));
        }
    }

    @Override
    public void shutdown() {
        stopped = true;
    }
}

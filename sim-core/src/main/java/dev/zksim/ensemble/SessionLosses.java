package dev.zksim.ensemble;

import dev.zksim.server.tree.Transaction;
import dev.zksim.server.tree.Txn;
import dev.zksim.server.zab.LogEntry;
import dev.zksim.server.zab.Vote;
import dev.zksim.server.zab.ZabMonitor;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.LongConsumer;

/**
 * Tells listeners the instant a session's closeSession transaction is committed, which is
 * when ZooKeeper considers the session gone: its ephemerals are deleted and any other client
 * may take what it held. It sits between the servers and the Zab invariants (a tee on {@link
 * ZabMonitor#delivered}): a server delivers only committed transactions, so the first
 * delivery of a closeSession anywhere is its commit. A session the leader expires while cut
 * off from its quorum never commits a closeSession, and so is never reported: its client
 * may rightly come back with the same session after the heal. With self-checks on it also
 * hands every delivery to {@link SequentialNames}, which judges the committed history too.
 */
final class SessionLosses implements ZabMonitor {
    private final ZabMonitor next;
    private final SequentialNames sequentialNames;
    private final TreeSet<Long> closed = new TreeSet<>();
    private final List<LongConsumer> listeners = new ArrayList<>();

    /** Passes every fact on to next; sequentialNames, when not null, judges each delivery too. */
    SessionLosses(ZabMonitor next, SequentialNames sequentialNames) {
        this.next = next;
        this.sequentialNames = sequentialNames;
    }

    void addListener(LongConsumer listener) {
        listeners.add(listener);
    }

    @Override
    public void delivered(long sid, long zxid, Object payload) {
        next.delivered(sid, zxid, payload);
        if (sequentialNames != null) {
            sequentialNames.delivered(zxid, payload);
        }
        if (!listeners.isEmpty() && payload instanceof Transaction transaction && transaction.txn() instanceof Txn.CloseSessionTxn) {
            long session = transaction.header().sessionId();
            if (closed.add(session)) {
                listeners.forEach(listener -> listener.accept(session));
            }
        }
    }

    @Override
    public void stateReset(long sid, long zxid) {
        next.stateReset(sid, zxid);
    }

    @Override
    public void established(long sid, long epoch) {
        next.established(sid, epoch);
    }

    @Override
    public void leaderHistory(long sid, long epoch, long base, List<LogEntry> log) {
        next.leaderHistory(sid, epoch, base, log);
    }

    @Override
    public void voteCast(long sid, long round, Vote replaced, Vote vote) {
        next.voteCast(sid, round, replaced, vote);
    }

    @Override
    public void truncating(long sid, List<LogEntry> dropped) {
        next.truncating(sid, dropped);
    }

    @Override
    public void logAppend(long sid, long zxid, long lastLogged) {
        next.logAppend(sid, zxid, lastLogged);
    }

    @Override
    public void commitWithoutProposal(long sid, long zxid) {
        next.commitWithoutProposal(sid, zxid);
    }
}

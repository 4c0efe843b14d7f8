package dev.zksim.server;

import dev.zksim.server.prep.Request;

/**
 * The seam for "who turns a write request into a transaction". A standalone server (and a
 * quorum leader) prepares locally: {@link LocalWritePath} assigns the next zxid, runs the
 * {@link dev.zksim.server.prep.RequestPreparer} and hands the result to a {@link
 * TxnCommitter}. A quorum follower forwards the request to the leader instead
 * ({@link ForwardingWritePath}). Either
 * way the result comes back as a committed transaction through the {@link CommitListener},
 * whose header carries the session id and cxid given here, which is how the server
 * matches it to the waiting request.
 */
public interface WritePath {

    /** Submits a write of a session (cxid is the client's xid; 0 for server-made requests). */
    void submit(long sessionId, int cxid, Request request);

    /** What {@link #syncPoint} answers when only the leader knows the point. */
    long UNKNOWN_SYNC_POINT = Long.MAX_VALUE;

    /**
     * The zxid the sync with this session and xid must wait for: every write submitted
     * before the sync is applied once the server's lastProcessedZxid reaches it (reference
     * 5.5). A follower cannot know it: it forwards the sync to the leader, answers
     * {@link #UNKNOWN_SYNC_POINT}, and hands the leader's answer to the request processor
     * when it arrives.
     */
    long syncPoint(long sessionId, int xid);

    /** The server applied the txn with this zxid; pending preparation state can be dropped. */
    void applied(long zxid);

    /** The server stopped serving: forget every prepared but unapplied change. */
    default void discardPending() {
    }
}

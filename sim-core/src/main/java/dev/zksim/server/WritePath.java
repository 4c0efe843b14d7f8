package dev.zksim.server;

import dev.zksim.server.prep.Request;

/**
 * The seam for "who turns a write request into a transaction". A standalone server (and a
 * quorum leader) prepares locally: {@link LocalWritePath} assigns the next zxid, runs the
 * {@link dev.zksim.server.prep.RequestPreparer} and hands the result to a {@link
 * TxnCommitter}. A quorum follower would instead forward the request to the leader. Either
 * way the result comes back as a committed transaction through the {@link CommitListener},
 * whose header carries the session id and cxid given here, which is how the server
 * matches it to the waiting request.
 */
public interface WritePath {

    /** Submits a write of a session (cxid is the client's xid; 0 for server-made requests). */
    void submit(long sessionId, int cxid, Request request);

    /**
     * The zxid a sync must wait for: every write submitted before the sync is applied once
     * the server's lastProcessedZxid reaches it (reference 5.5; a follower would ask the
     * leader instead).
     */
    long syncPoint();

    /** The server applied the txn with this zxid; pending preparation state can be dropped. */
    void applied(long zxid);
}

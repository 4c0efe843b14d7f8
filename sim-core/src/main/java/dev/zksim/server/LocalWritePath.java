package dev.zksim.server;

import dev.zksim.server.prep.Request;
import dev.zksim.server.prep.RequestPreparer;
import dev.zksim.server.prep.SessionCheck;
import dev.zksim.server.session.SessionTracker;
import dev.zksim.server.tree.DataTree;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;

/**
 * The write path of a server that prepares its own transactions: a standalone server, or
 * a quorum leader with a {@link ZabCommitter}. Each write gets the next zxid before
 * validation, so failed writes consume one too (reference gotcha 1), and is committed in
 * zxid order.
 */
public final class LocalWritePath implements WritePath {
    private final RequestPreparer preparer;
    private final SessionTracker sessions;
    private final TxnCommitter committer;
    private final LongSupplier clockMillis;
    private final long localOwner;
    private long lastZxid;
    /** The zxid this path started after: until lastZxid moves on, nothing a sync must wait for. */
    private final long startZxid;

    /**
     * @param tree the applied tree the preparer validates against (with its pending records)
     * @param lastZxid the last zxid already used (the recovered lastProcessedZxid)
     * @param clockMillis the time stamped into txn headers (ctime and mtime of nodes)
     * @param localOwner this server's id: the owner of sessions connected to it
     */
    public LocalWritePath(DataTree tree, long lastZxid, SessionTracker sessions, TxnCommitter committer,
            LongSupplier clockMillis, long localOwner) {
        this.localOwner = localOwner;
        this.preparer = new RequestPreparer(tree);
        this.lastZxid = lastZxid;
        this.startZxid = lastZxid;
        this.sessions = sessions;
        this.committer = committer;
        this.clockMillis = clockMillis;
    }

    /** Sets the order closeSession txns delete a session's ephemerals in (see RequestPreparer). */
    void orderEphemerals(UnaryOperator<List<String>> order) {
        preparer.setEphemeralOrder(order);
    }

    /** Serves TTL creates or answers them Unimplemented (see RequestPreparer). */
    void extendedTypes(boolean enabled) {
        preparer.setExtendedTypes(enabled);
    }

    @Override
    public void submit(long sessionId, int cxid, Request request) {
        submitFrom(localOwner, sessionId, cxid, request);
    }

    /**
     * Submits a write that reached this server through {@code owner}: this server's own id
     * for its clients, a follower's id for what it forwarded. A request through a server
     * that no longer owns the session is prepared as a SessionMoved error (reference 4.7).
     */
    public void submitFrom(long owner, long sessionId, int cxid, Request request) {
        // A new session is not in the tracker until its createSession is applied.
        SessionCheck check = request instanceof Request.CreateSessionRequest ? SessionCheck.OK
                : sessions.check(sessionId, owner);
        if (request instanceof Request.CloseSessionRequest) {
            sessions.setClosing(sessionId);
        }
        committer.commit(preparer.prepare(request, sessionId, cxid, check, ++lastZxid, clockMillis.getAsLong()));
    }

    /**
     * Submits a write the server makes itself (the container manager's deleteContainer): it
     * has no session, so no session check, and nobody waits for its reply.
     */
    void submitOwn(Request request) {
        committer.commit(preparer.prepare(request, 0, 0, SessionCheck.OK, ++lastZxid, clockMillis.getAsLong()));
    }

    @Override
    public long syncPoint(long sessionId, int xid) {
        // A leader's path starts at its new epoch's zxid 0, which no txn ever has: until the
        // term's first proposal a sync waits for nothing, as ZooKeeper's leader answers a sync
        // at once while no proposal is outstanding (Leader.processSync). Waiting for that zxid
        // instead held every sync of a quiet new term until some client wrote.
        return lastZxid == startZxid ? 0 : lastZxid;
    }

    @Override
    public void applied(long zxid) {
        preparer.retire(zxid);
    }

    @Override
    public void discardPending() {
        preparer.discardPending();
    }
}

package dev.zksim.server;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.kernel.collect.LongMap;
import dev.zksim.kernel.trace.EventKey;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.ServerPacket;
import dev.zksim.server.ServerEvent.ReplySent;
import dev.zksim.server.ServerEvent.RequestReceived;
import dev.zksim.server.prep.Request;
import dev.zksim.server.session.SessionIds;
import dev.zksim.server.session.SessionTracker;
import dev.zksim.server.tree.ApplyResult;
import dev.zksim.server.tree.TxnHeader;
import dev.zksim.server.watch.WatchDelivery;
import java.util.ArrayDeque;
import java.util.List;
import java.util.TreeSet;

/**
 * Per-session FIFO of requests (ZooKeeper's CommitProcessor plus FinalRequestProcessor).
 * Writes go to the {@link WritePath} at once and are answered when their transaction is
 * applied; reads, sync and setWatches wait behind the session's earlier writes, so a
 * session always reads its own writes. A sync also waits until every write submitted
 * before it, from any session, is applied. Queues are keyed by session, not connection:
 * a client that reconnected still sees its old writes before its new reads.
 */
final class RequestProcessor {
    /** Every request is counted when nothing reads its records: by key, one array increment each. */
    private static final EventKey REQUEST_RECEIVED = EventKey.of(RequestReceived.class);
    private static final EventKey REPLY_SENT = EventKey.of(ReplySent.class);

    private enum Kind { WRITE, READ, SYNC, REJECTED }

    /**
     * One request waiting for its answer, with the connection the answer goes to. A sync's
     * point is filled in later when the leader has to supply it (a follower's sync).
     */
    private static final class Queued {
        final ClientConnection connection;
        final int xid;
        final Operation operation;
        final Kind kind;
        long syncZxid;

        Queued(ClientConnection connection, int xid, Operation operation, Kind kind) {
            this.connection = connection;
            this.xid = xid;
            this.operation = operation;
            this.kind = kind;
        }
    }

    private final ZkServer server;
    private final SessionTracker sessions;
    private final WritePath writes;
    private final Reads reads;
    /**
     * The queue of each session that has had a request wait, looked up by session only: with
     * thousands of sessions a tree map's insert and remove for every request was a tenth of
     * a run, and a hash map of boxed ids boxed each id on every lookup. A drained queue stays
     * until its session is forgotten, since nearly every write of a session would otherwise
     * make a new one and leave a tombstone in the map. Only {@link #pending} walks it, to count.
     */
    private final LongMap<ArrayDeque<Queued>> queues = new LongMap<>();
    private final TreeSet<Long> waitingForSync = new TreeSet<>();

    RequestProcessor(ZkServer server, SessionTracker sessions, WritePath writes, Reads reads) {
        this.server = server;
        this.sessions = sessions;
        this.writes = writes;
        this.reads = reads;
    }

    /**
     * A request of an established session. It touches the session. Where the session is
     * closing (expired, or closed by the client) or gone, the server that expires sessions
     * (the leader, a standalone server) drops the request unanswered, as ZooKeeper's
     * submitRequestNow does when its touch fails: the client hears nothing, its pings go
     * unanswered too, and it learns of the expiry only by reconnecting. A follower does not
     * know the leader's closing sessions; what its tracker refuses gets SessionExpired, in
     * order.
     */
    void received(ClientConnection connection, long sessionId, ClientPacket.Request request) {
        Operation operation = request.operation();
        if (server.tracing()) {
            server.trace(new RequestReceived(connection.sessionText(sessionId), request.xid(), kindOf(operation)));
        } else {
            server.countOnly(REQUEST_RECEIVED);
        }
        boolean touched = sessions.touch(sessionId);
        if (!touched && server.mode().expiresSessions()) {
            server.trace(new ServerEvent.RequestDropped(connection.sessionText(sessionId), request.xid()));
            return;
        }
        Kind kind = !touched ? Kind.REJECTED
                : operation.isWrite() ? Kind.WRITE
                : operation instanceof Operation.Sync ? Kind.SYNC : Kind.READ;
        ArrayDeque<Queued> queue = queues.get(sessionId);
        if ((kind == Kind.READ || kind == Kind.REJECTED) && (queue == null || queue.isEmpty())) {
            // Nothing of the session waits, so the queue would answer it at once: do so
            // without queueing it, or making a queue for a session that has none.
            reply(sessionId, connection, request.xid(), answerNow(kind, operation, connection, sessionId));
            return;
        }
        if (queue == null) {
            queue = newQueue(sessionId);
            queues.put(sessionId, queue);
        }
        Queued queued = new Queued(connection, request.xid(), operation, kind);
        queue.addLast(queued);
        if (kind == Kind.SYNC) {
            queued.syncZxid = writes.syncPoint(sessionId, request.xid());
        }
        if (kind == Kind.WRITE) {
            writes.submit(sessionId, request.xid(), toRequest(operation));
        }
        drain(sessionId, queue);
    }

    /**
     * A write of this session that a follower forwarded to this server, the leader, and that
     * is now being committed. The session's later requests arriving here wait behind it as
     * behind its own writes, as ZooKeeper's leader queues forwarded requests per session:
     * a client that moved to the leader after its follower crashed must not read a state
     * that lacks the write it already sent. Nothing is answered for it here.
     */
    void forwardedWrite(long sessionId, int cxid) {
        queues.computeIfAbsent(sessionId, RequestProcessor::newQueue).addLast(new Queued(null, cxid, null, Kind.WRITE));
    }

    /** A session's queue mostly holds one write and what waits behind it, and lives as long as the session. */
    private static ArrayDeque<Queued> newQueue(long sessionId) {
        return new ArrayDeque<>(4);
    }

    /**
     * A transaction was applied: if it is the write at the head of its session's queue,
     * answer it and serve what waited behind it; then serve the syncs it may release.
     */
    void applied(ApplyResult result) {
        TxnHeader header = result.header();
        ArrayDeque<Queued> queue = queues.get(header.sessionId());
        Queued head = queue == null ? null : queue.peekFirst();
        if (head != null && head.kind == Kind.WRITE && head.xid == header.cxid()) {
            queue.pollFirst();
            if (head.connection != null) {
                // A write another server forwarded has no connection here: its own server answers.
                reply(header.sessionId(), head.connection, head.xid, WriteReplies.of(head.operation, result.outcome()));
            }
            drain(header.sessionId(), queue);
        }
        if (!waitingForSync.isEmpty()) {
            List<Long> waiting = List.copyOf(waitingForSync);
            waitingForSync.clear();
            waiting.forEach(this::drain);
        }
    }

    /**
     * The leader told a follower the point the session's sync with this xid waits for;
     * the sync is answered once this server has applied up to it.
     */
    void syncPointKnown(long sessionId, int xid, long zxid) {
        ArrayDeque<Queued> queue = queues.get(sessionId);
        if (queue == null) {
            return;
        }
        for (Queued queued : queue) {
            if (queued.kind == Kind.SYNC && queued.xid == xid && queued.syncZxid == WritePath.UNKNOWN_SYNC_POINT) {
                queued.syncZxid = zxid;
                drain(sessionId);
                return;
            }
        }
    }

    /** The session is gone: nothing more will be answered for it. */
    void forget(long sessionId) {
        queues.remove(sessionId);
        waitingForSync.remove(sessionId);
    }

    /** Serves the session's queue from the head until it reaches an unanswered write or sync. */
    private void drain(long sessionId) {
        drain(sessionId, queues.get(sessionId));
    }

    /** {@link #drain(long)} of the queue the caller already looked up. */
    private void drain(long sessionId, ArrayDeque<Queued> queue) {
        while (queue != null && !queue.isEmpty()) {
            Queued head = queue.peekFirst();
            switch (head.kind) {
                case WRITE -> {
                    return;
                }
                case SYNC -> {
                    if (server.lastProcessedZxid() < head.syncZxid) {
                        waitingForSync.add(sessionId);
                        return;
                    }
                    reply(sessionId, head.connection, head.xid,
                            reads.serve(head.operation, head.connection.id(), sessionId));
                }
                case READ, REJECTED -> reply(sessionId, head.connection, head.xid,
                        answerNow(head.kind, head.operation, head.connection, sessionId));
            }
            queue.pollFirst();
        }
    }

    /** The answer to a read or a rejected request whose turn has come. */
    private Answer answerNow(Kind kind, Operation operation, ClientConnection connection, long sessionId) {
        return kind == Kind.REJECTED ? Answer.error(Code.SESSIONEXPIRED)
                : reads.serve(operation, connection.id(), sessionId);
    }

    /**
     * Sends the notifications the answer carries, then the reply, on the request's
     * connection. A SessionMoved answer is not sent: the request came over a stale
     * connection of a session now owned elsewhere, so that connection is closed instead
     * (reference 4.7) and the client sees ConnectionLoss on it.
     */
    private void reply(long sessionId, ClientConnection connection, int xid, Answer answer) {
        // An index loop: nearly every answer carries no notification, and the iterator of an
        // empty list was still allocated for each reply.
        List<WatchDelivery> notifications = answer.notifications();
        for (int i = 0; i < notifications.size(); i++) {
            server.connections().notify(notifications.get(i));
        }
        if (answer.err() == Code.SESSIONMOVED.intValue()) {
            server.closeConnection(connection, "session " + SessionIds.hex(sessionId) + " moved");
            return;
        }
        long zxid = server.lastProcessedZxid();
        connection.send(new ServerPacket.Reply(xid, zxid, answer.err(), answer.response()));
        if (server.tracing()) {
            server.trace(new ReplySent(connection.sessionText(sessionId), xid, answer.err(), zxid));
        } else {
            server.countOnly(REPLY_SENT);
        }
    }

    /** Number of requests waiting for an answer, over all sessions. */
    int pending() {
        int[] count = {0};
        queues.forEach((sessionId, queue) -> count[0] += queue.size());
        return count[0];
    }

    static Request toRequest(Operation operation) {
        return switch (operation) {
            case Operation.Create create -> Request.create(create.path(), create.data(), create.mode());
            case Operation.CreateTtl create -> new Request.TtlCreateRequest(create.path(), create.data(), create.mode(),
                    create.ttl());
            case Operation.Delete delete -> Request.delete(delete.path(), delete.version());
            case Operation.SetData setData -> Request.setData(setData.path(), setData.data(), setData.version());
            case Operation.Multi multi -> new Request.MultiRequest(multi.ops());
            case Operation.CloseSession close -> new Request.CloseSessionRequest();
            case Operation.Exists exists -> notAWrite(exists);
            case Operation.GetData getData -> notAWrite(getData);
            case Operation.GetChildren getChildren -> notAWrite(getChildren);
            case Operation.Sync sync -> notAWrite(sync);
            case Operation.GetEphemerals ephemerals -> notAWrite(ephemerals);
            case Operation.AddWatch add -> notAWrite(add);
            case Operation.CheckWatches check -> notAWrite(check);
            case Operation.RemoveWatches remove -> notAWrite(remove);
            case Operation.SetWatches2 setWatches -> notAWrite(setWatches);
            case Operation.GetAllChildrenNumber count -> notAWrite(count);
            case Operation.SetWatches setWatches -> notAWrite(setWatches);
        };
    }

    private static Request notAWrite(Operation operation) {
        throw new IllegalStateException("not a write: " + operation);
    }

    /** The operation's name for the trace, without its arguments. */
    static String kindOf(Operation operation) {
        return operation.getClass().getSimpleName();
    }
}

/**
 * The simulated ZooKeeper server, standalone mode: {@link dev.zksim.server.ZkServer} is the
 * node of one server process. It recovers from its disk, accepts client connections
 * ({@link dev.zksim.server.ClientConnection}: handshake, maxbuffer check, pings), keeps a
 * per-session FIFO of requests ({@link dev.zksim.server.RequestProcessor}) and serves reads,
 * sync and setWatches from the local tree ({@link dev.zksim.server.Reads}).
 *
 * <p><b>The seam for quorum mode.</b> Three interfaces separate what a Zab-backed server
 * replaces from what it keeps:
 * <ul>
 *   <li>{@link dev.zksim.server.WritePath} turns a session's write request into a
 *       transaction: {@code submit(sessionId, cxid, Request)}, {@code syncPoint(sessionId, xid)} and
 *       {@code applied(zxid)}. Standalone and leader: {@link dev.zksim.server.LocalWritePath}
 *       (next zxid, RequestPreparer, session check from the tracker). A follower forwards the
 *       request to the leader instead.</li>
 *   <li>{@link dev.zksim.server.TxnCommitter} commits a prepared transaction and hands it,
 *       in zxid order and never re-entrantly, to a {@link dev.zksim.server.CommitListener}.
 *       Standalone: {@link dev.zksim.server.persist.LocalCommitter} (log, fsync, then
 *       apply; snapshots every snapCount). Quorum: propose through Zab; every server's
 *       ZabApplication.deliver calls the listener with each committed txn, whoever prepared
 *       it. The listener applies it, fires watches and answers the request whose session and
 *       cxid the txn header carries, if it waits on this server.</li>
 *   <li>{@link dev.zksim.server.session.SessionTracker} says which sessions are live and
 *       expires them: standalone and leader use
 *       {@link dev.zksim.server.session.ExpiringSessionTracker}; a follower would only record
 *       touches and forward them, and learn of closes from committed closeSession txns.</li>
 * </ul>
 * Everything else (connections, the FIFO, reads, watch delivery, the reply rules) is shared.
 *
 * <p>{@link dev.zksim.server.ServerIntrospection} gives the four-letter-word views and
 * {@link dev.zksim.server.ServerFaults} the fault hooks (expire a session, lose a reply).
 */
package dev.zksim.server;

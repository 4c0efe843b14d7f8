/**
 * The simulated ZooKeeper server: {@link dev.zksim.server.ZkServer} is the node of one
 * server process, standalone or a quorum member (its {@link dev.zksim.server.ServerMode}:
 * {@link dev.zksim.server.StandaloneMode} or {@link dev.zksim.server.QuorumMode}). It recovers from its disk, accepts client connections
 * ({@link dev.zksim.server.ClientConnection}: handshake, maxbuffer check, pings), keeps a
 * per-session FIFO of requests ({@link dev.zksim.server.RequestProcessor}) and serves reads,
 * sync, setWatches, addWatch and the watch removals from the local tree
 * ({@link dev.zksim.server.Reads}). While it prepares writes (standalone, or leading a term)
 * a {@link dev.zksim.server.ContainerManager} deletes empty containers and expired TTL nodes
 * through deleteContainer transactions ({@link dev.zksim.server.ContainerConfig}).
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
 *       {@link dev.zksim.server.session.ExpiringSessionTracker}; a follower only records
 *       touches and forwards them, and learns of closes from committed closeSession txns.</li>
 * </ul>
 * Everything else (connections, the FIFO, reads, watch delivery, the reply rules) is shared.
 *
 * <p><b>Quorum mode.</b> {@link dev.zksim.server.QuorumMode} is the
 * {@code ZabApplication} of a {@code QuorumPeer}: Zab delivers committed txns to the same
 * commit path, snapshots are {@link dev.zksim.server.persist.ReplicaSnapshot}s, and clients
 * are served only in broadcast. The leader uses {@code LocalWritePath} over a
 * {@link dev.zksim.server.ZabCommitter} and an expiring tracker re-armed at every term
 * ({@link dev.zksim.server.LeaderDuties} answers followers); a follower uses
 * {@link dev.zksim.server.ForwardingWritePath} and a
 * {@link dev.zksim.server.session.LearnerSessionTracker}
 * ({@link dev.zksim.server.FollowerDuties} reports touches, revalidates, finishes syncs).
 * Their messages are {@link dev.zksim.server.QuorumMessage}s, sent as Zab app messages.
 * {@link dev.zksim.server.DeliveryLag} is the lag fault of a follower.
 *
 * <p>{@link dev.zksim.server.ServerIntrospection} gives the four-letter-word views and
 * {@link dev.zksim.server.ServerFaults} the fault hooks (expire a session, lose a reply, lag a follower).
 */
package dev.zksim.server;

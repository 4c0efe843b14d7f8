package dev.zksim.server;

import dev.zksim.server.ServerEvent.Started;
import dev.zksim.server.persist.DatabaseSnapshot;
import dev.zksim.server.persist.ReplicaSnapshot;
import dev.zksim.server.persist.ZkDatabase;
import dev.zksim.server.prep.Request;
import dev.zksim.server.session.ExpiringSessionTracker;
import dev.zksim.server.session.LearnerSessionTracker;
import dev.zksim.server.tree.Transaction;
import dev.zksim.server.tree.Txn;
import dev.zksim.server.zab.KnownBug;
import dev.zksim.server.zab.QuorumPeer;
import dev.zksim.server.zab.Role;
import dev.zksim.server.zab.ZabApplication;
import dev.zksim.server.zab.ZabConfig;
import dev.zksim.server.zab.ZabMonitor;
import dev.zksim.server.zab.Zxid;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.TreeMap;

/**
 * A quorum member: the server's database is the state Zab replicates. Zab owns the txn log
 * and snapshots; every committed txn arrives through {@link #deliver} and takes the same
 * {@link ZkServer#committed} path as in standalone mode, whoever prepared it. Clients are
 * served only between {@link #serving} and the next {@link #roleChanged}, which closes
 * every client connection (reference 4.4: clients see Disconnected and ConnectionLoss).
 *
 * <p>Per term: the leader prepares with a {@link LocalWritePath} over a {@link
 * ZabCommitter}, numbering txns from the epoch's first zxid, and re-arms every session of
 * the database with a full timeout in a fresh {@link ExpiringSessionTracker}; a follower
 * forwards through a {@link ForwardingWritePath} and only records touches. {@link
 * LeaderDuties} and {@link FollowerDuties} carry the rest of the term's protocol.
 */
final class QuorumMode implements ServerMode, ZabApplication {
    private final ZkServer server;
    private final ZabConfig zab;
    private final ZabMonitor monitor;
    private final DeliveryLag lag;
    private final QuorumGenesis genesis;
    private QuorumPeer peer;
    private TxnCommitter committer;
    private LeaderDuties leader;
    private FollowerDuties follower;
    private boolean serving;
    /** With ZOOKEEPER-3144 re-introduced: how the last applied txn changed the session table, or null. */
    private SessionChange lastSessionChange;

    /** A session txn's change, with the session's timeout before it (null: the session was not there). */
    private record SessionChange(long zxid, long sessionId, Integer timeoutBefore) {
    }

    QuorumMode(ZkServer server, ZabConfig zab, ZabMonitor monitor, QuorumGenesis genesis) {
        this.server = server;
        this.genesis = genesis;
        this.zab = zab;
        this.monitor = monitor;
        this.lag = new DeliveryLag(server.process(), this::apply);
    }

    @Override
    public void start() {
        server.setDatabase(genesis.database(configText(zab), server.config().counterStarts()));
        idle();
        peer = new QuorumPeer(server.process(), server.network(), zab, this, monitor);
        server.listen(connection -> peer.isPeerProcess(connection.remote()) ? peer.accept(connection)
                : server.acceptClient(connection));
        peer.start();
        ZkDatabase database = server.database();
        server.trace(new Started(database.lastProcessedZxid(), 0, database.lastProcessedZxid(),
                database.sessions().size()));
    }

    /** The static configuration text a quorum server keeps in /zookeeper/config. */
    private static byte[] configText(ZabConfig zab) {
        StringBuilder text = new StringBuilder();
        zab.members().forEach((sid, process) -> text.append("server.").append(sid).append('=').append(process)
                .append(":2888:3888:participant\n"));
        return text.append("version=0").toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Not serving: a passive tracker for sync deliveries, and a write path nobody may use. */
    private void idle() {
        server.serve(new LearnerSessionTracker(server.database().sessions()), new NotServing());
    }

    // ---- ZabApplication --------------------------------------------------------------

    @Override
    public void deliver(long zxid, Object payload) {
        Transaction transaction = (Transaction) payload;
        if (transaction.zxid() != zxid) {
            throw new IllegalStateException("txn " + transaction + " delivered as " + Zxid.hex(zxid));
        }
        lag.deliver(transaction);
    }

    private void apply(Transaction transaction) {
        if (zab.has(KnownBug.ZK_3144)) {
            noteSessionChange(transaction);
        }
        server.committed(transaction);
        if (leader != null) {
            leader.applied(server.lastProcessedZxid());
        }
    }

    @Override
    public Object takeSnapshot() {
        return new ReplicaSnapshot(server.database().snapshot(), lag.held());
    }

    /**
     * The snapshot thread of a server before ZOOKEEPER-3144's fix, started just after the
     * commit thread applied the last txn to the tree but before it updated the session
     * tracker: when that txn opened or closed a session, the file has its zxid and the tree
     * after it, but the session table before it. Any other snapshot is exact (ZooKeeper's fuzzy
     * snapshot plus the replay of the log after its zxid gives the same state).
     */
    @Override
    public Object takeSnapshotRacingTheSessionTracker() {
        DatabaseSnapshot database = server.database().snapshot();
        SessionChange change = lastSessionChange;
        if (change == null || change.zxid() != database.lastProcessedZxid() || !lag.held().isEmpty()) {
            return new ReplicaSnapshot(database, lag.held());
        }
        TreeMap<Long, Integer> sessions = new TreeMap<>(database.sessions());
        if (change.timeoutBefore() == null) {
            sessions.remove(change.sessionId());
        } else {
            sessions.put(change.sessionId(), change.timeoutBefore());
        }
        return new ReplicaSnapshot(new DatabaseSnapshot(database.tree(), sessions), List.of());
    }

    private void noteSessionChange(Transaction transaction) {
        long sessionId = transaction.header().sessionId();
        boolean changesSessions = transaction.txn() instanceof Txn.CreateSessionTxn
                || transaction.txn() instanceof Txn.CloseSessionTxn;
        lastSessionChange = changesSessions
                ? new SessionChange(transaction.zxid(), sessionId, server.database().sessions().get(sessionId))
                : null;
    }

    @Override
    public void installSnapshot(Object snapshot, long zxid) {
        lag.discard();
        server.setDatabase(((ReplicaSnapshot) snapshot).restore());
        idle();
    }

    @Override
    public void roleChanged(Role role, long leaderId) {
        stopServing("server is now " + role + (leaderId >= 0 ? " under " + leaderId : ""));
    }

    @Override
    public void serving(Role role, long epoch) {
        stopServing("a new term starts");
        switch (role) {
            case LEADING -> serveAsLeader(epoch);
            case FOLLOWING -> serveAsFollower();
            case LOOKING -> throw new IllegalStateException("Zab serves only as leader or follower");
        }
        serving = true;
    }

    private void serveAsLeader(long epoch) {
        var process = server.process();
        ExpiringSessionTracker sessions = new ExpiringSessionTracker(process, server.config().tickTimeMs(),
                server::expire);
        server.database().sessions().forEach(sessions::addSession);
        committer = new ZabCommitter(peer);
        LocalWritePath writes = new LocalWritePath(server.database().tree(), Zxid.make(epoch, 0), sessions, committer,
                () -> process.now() / 1000, server.config().serverId());
        server.serve(sessions, writes);
        leader = new LeaderDuties(server, peer, sessions, writes);
    }

    private void serveAsFollower() {
        LearnerSessionTracker sessions = new LearnerSessionTracker(server.database().sessions());
        server.serve(sessions, new ForwardingWritePath(peer));
        follower = new FollowerDuties(server, peer, sessions, server.config().tickTimeMs());
    }

    /**
     * Ends the term: clients are dropped, prepared-but-uncommitted state is discarded (a new
     * leader decides what survives), the expiry timers stop, and held-back txns are applied.
     */
    private void stopServing(String reason) {
        serving = false;
        server.closeAllConnections(reason);
        server.writes().discardPending();
        server.sessions().shutdown();
        if (committer != null) {
            committer.shutdown();
            committer = null;
        }
        if (leader != null) {
            leader.close();
            leader = null;
        }
        if (follower != null) {
            follower.close();
            follower = null;
        }
        idle();
        lag.flush();
    }

    @Override
    public void onLearnerMessage(long sid, Object message) {
        if (leader != null && message instanceof QuorumMessage.ToLeader toLeader) {
            leader.onMessage(sid, toLeader);
        }
    }

    @Override
    public void onLeaderMessage(Object message) {
        if (follower != null && message instanceof QuorumMessage.ToFollower toFollower) {
            follower.onMessage(toFollower);
        }
    }

    // ---- ServerMode ------------------------------------------------------------------

    @Override
    public ServerRole role() {
        if (peer == null) {
            return ServerRole.LOOKING;
        }
        return switch (peer.role()) {
            case LOOKING -> ServerRole.LOOKING;
            case FOLLOWING -> ServerRole.FOLLOWING;
            case LEADING -> ServerRole.LEADING;
        };
    }

    @Override
    public boolean peerLinksSound() {
        return peer != null && peer.quorumLinksSound();
    }

    @Override
    public boolean isServing() {
        return serving;
    }

    @Override
    public long currentEpoch() {
        return peer == null ? 0 : peer.currentEpoch();
    }

    @Override
    public boolean expiresSessions() {
        return leader != null;
    }

    @Override
    public void revalidate(ClientConnection connection, long sessionId, int timeoutMs) {
        if (leader != null) {
            boolean valid = server.sessions().touch(sessionId, timeoutMs);
            if (valid) {
                server.sessions().setOwner(sessionId, server.config().serverId());
            }
            server.reopened(connection, sessionId, timeoutMs, valid);
        } else if (follower != null) {
            follower.revalidate(connection, sessionId, timeoutMs);
        } else {
            server.reopened(connection, sessionId, timeoutMs, false);
        }
    }

    @Override
    public boolean lagFor(long durationMicros) {
        if (follower == null) {
            return false;
        }
        lag.lagFor(durationMicros);
        return true;
    }

    /** The peer, for introspection; null before start. */
    QuorumPeer peer() {
        return peer;
    }

    /** The write path while not serving: no client and no expiry can reach it. */
    private static final class NotServing implements WritePath {
        @Override
        public void submit(long sessionId, int cxid, Request request) {
            throw new IllegalStateException("a write while not serving: " + request);
        }

        @Override
        public long syncPoint(long sessionId, int xid) {
            throw new IllegalStateException("a sync while not serving");
        }

        @Override
        public void applied(long zxid) {
            // Nothing was prepared.
        }
    }
}

package dev.zksim.server;

import dev.zksim.kernel.net.Connection;
import dev.zksim.kernel.net.ConnectionHandler;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.Node;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.EventKey;
import dev.zksim.kernel.trace.TraceEvent;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.ServerPacket;
import dev.zksim.server.ServerEvent.ConnectionClosed;
import dev.zksim.server.ServerEvent.ConnectionRefused;
import dev.zksim.server.ServerEvent.SessionClosed;
import dev.zksim.server.ServerEvent.SessionCreated;
import dev.zksim.server.ServerEvent.SessionExpired;
import dev.zksim.server.ServerEvent.SessionReopened;
import dev.zksim.server.ServerEvent.TxnCommitted;
import dev.zksim.server.persist.ZkDatabase;
import dev.zksim.server.prep.Request;
import dev.zksim.server.session.SessionIds;
import dev.zksim.server.session.SessionTracker;
import dev.zksim.server.tree.ApplyResult;
import dev.zksim.server.tree.Transaction;
import dev.zksim.server.tree.Txn;
import dev.zksim.server.tree.TxnOutcome;
import dev.zksim.server.tree.WatchTrigger;
import dev.zksim.server.watch.ServerWatchTable;
import dev.zksim.server.watch.TreeChange;
import dev.zksim.server.watch.WatchDelivery;
import dev.zksim.server.zab.QuorumPeer;
import dev.zksim.server.zab.ZabConfig;
import dev.zksim.server.zab.ZabMonitor;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongPredicate;

/**
 * A simulated ZooKeeper server: the {@link Node} of one server process, standalone or a
 * member of a quorum. Its {@link ServerMode} recovers the database and decides when
 * clients are served and through which seams: standalone ({@link StandaloneMode}) recovers
 * from its own log and serves at once; a quorum member ({@link QuorumMode}) runs a {@link
 * QuorumPeer} and serves only while Zab is in broadcast. Either way writes flow through a
 * {@link WritePath} and come back to {@link #committed}, which applies them, fires watches
 * and answers; reads are served from the local tree by the {@link RequestProcessor}. {@link
 * ServerIntrospection} (four-letter words) and {@link ServerFaults} (fault hooks) look inside.
 */
public final class ZkServer implements Node {
    /** Every committed txn is counted on every replica when nothing reads its record: by key. */
    private static final EventKey TXN_COMMITTED = EventKey.of(TxnCommitted.class);

    private final SimProcess process;
    private final Network network;
    private final ServerConfig config;
    private final UnspecifiedOrders orders;
    /** The container manager while this server prepares writes, null otherwise. */
    private ContainerManager containerManager;
    private final ServerMode mode;
    private final ServerWatchTable watches = new ServerWatchTable();
    private final ConnectionTable connections = new ConnectionTable(watches);
    /** Sends a watch's notification; made once, not for every change that fires watches. */
    private final Consumer<WatchDelivery> notifyConnection = connections::notify;
    /** Connections waiting for their new session's createSession txn, by session id. */
    private final Map<Long, ClientConnection> creating = new LinkedHashMap<>();
    /** The delay-close fault: how long the closeSession of each armed session waits after its expiry, in micros. */
    private final Map<Long, Long> closeDelays = new TreeMap<>();
    private ZkDatabase database;
    private SessionTracker sessions;
    private SessionIds sessionIds;
    private WritePath writes;
    private RequestProcessor requests;

    private ZkServer(SimProcess process, Network network, ServerConfig config, Function<ZkServer, ServerMode> mode) {
        this.process = process;
        this.network = network;
        this.config = config;
        this.orders = new UnspecifiedOrders(process.choices(), config.drawnOrders());
        this.mode = mode.apply(this);
    }

    /** A standalone server. */
    public ZkServer(SimProcess process, Network network, ServerConfig config) {
        this(process, network, config, server -> new StandaloneMode(server, ZabMonitor.NONE));
    }

    /** The factory to give the server's SimProcess: each (re)start builds a fresh server. */
    public static Function<SimProcess, Node> factory(Network network, ServerConfig config) {
        return factory(network, config, ZabMonitor.NONE);
    }

    /**
     * A standalone server that reports its recovered state and every committed txn to the
     * monitor, as a quorum peer does, so the same checks catch a restart that lost an
     * acknowledged txn (its zxid would come back with another txn).
     */
    public static Function<SimProcess, Node> factory(Network network, ServerConfig config, ZabMonitor monitor) {
        return process -> new ZkServer(process, network, config, server -> new StandaloneMode(server, monitor));
    }

    /**
     * The factory of a quorum member: the server runs on a {@link QuorumPeer} configured by
     * {@code zab} (whose myId must equal the server id), which reports to {@code monitor}, and
     * starts from {@code genesis}: give every member of one ensemble the same one, so that
     * their replicas share what they apply.
     */
    public static Function<SimProcess, Node> quorumFactory(Network network, ServerConfig config, ZabConfig zab,
            ZabMonitor monitor, QuorumGenesis genesis) {
        if (zab.myId() != config.serverId()) {
            throw new IllegalArgumentException("zab id " + zab.myId() + " differs from server id " + config.serverId());
        }
        return process -> new ZkServer(process, network, config, server -> new QuorumMode(server, zab, monitor, genesis));
    }

    @Override
    public void start() {
        sessionIds = new SessionIds(config.serverId(), process.now() / 1000, process.choices().stream("session-ids"),
                id -> database.hasSession(id) || creating.containsKey(id));
        mode.start();
    }

    /** The orders ZooKeeper leaves unspecified, as this server draws them. */
    UnspecifiedOrders orders() {
        return orders;
    }

    /** Makes this the database; a server that is not serving yet (start, SNAP sync) replaces it. */
    void setDatabase(ZkDatabase replacement) {
        database = replacement;
    }

    /**
     * Serves clients with these sessions and this write path (standalone: for good; quorum:
     * for one term). Reads and the request queues are built on the current tree.
     */
    void serve(SessionTracker tracker, WritePath path) {
        sessions = tracker;
        writes = path;
        if (containerManager != null) {
            containerManager.stop();
            containerManager = null;
        }
        if (path instanceof LocalWritePath local) {
            local.orderEphemerals(orders::ephemerals);
            local.extendedTypes(config.containers().extendedTypes());
            containerManager = new ContainerManager(process, () -> database.tree(), local, config.containers(), orders);
            containerManager.treeChanged();
        }
        requests = new RequestProcessor(this, tracker, path, new Reads(database.tree(), watches, orders));
    }

    /** Accepts client connections on the process's one listening socket; the mode routes peers. */
    void listen(Function<Connection, ConnectionHandler> acceptor) {
        network.listen(process, acceptor);
    }

    /** The handler of a connection a client opened. */
    ConnectionHandler acceptClient(Connection connection) {
        return accept(new ClientConnection(this, connection));
    }

    private ClientConnection accept(ClientConnection connection) {
        connections.add(connection);
        return connection;
    }

    // ---- Handshake -------------------------------------------------------------------

    /** A ConnectRequest (reference 4.1 and 4.6). */
    void connect(ClientConnection connection, ClientPacket.ConnectRequest request) {
        if (!mode.isServing()) {
            trace(new ConnectionRefused(connection.id(), "not serving"));
            closeConnection(connection, "not serving");
            return;
        }
        if (request.lastZxidSeen() > database.lastProcessedZxid()) {
            String reason = "client zxid 0x" + Long.toHexString(request.lastZxidSeen()) + " is ahead of server zxid 0x"
                    + Long.toHexString(database.lastProcessedZxid());
            trace(new ConnectionRefused(connection.id(), reason));
            closeConnection(connection, reason);
            return;
        }
        int timeout = config.negotiateTimeout(request.timeoutMs());
        if (request.sessionId() == 0) {
            long sessionId = sessionIds.next();
            connection.creatingSession(sessionId);
            creating.put(sessionId, connection);
            writes.submit(sessionId, 0, new Request.CreateSessionRequest(timeout));
        } else {
            reopen(connection, request, timeout);
        }
    }

    /**
     * A reconnect: a wrong password gets the expired answer at once; otherwise the mode
     * revalidates the session (locally, or with the leader) and calls {@link #reopened}.
     */
    private void reopen(ClientConnection connection, ClientPacket.ConnectRequest request, int timeout) {
        long sessionId = request.sessionId();
        if (request.password() != SessionIds.password(sessionId)) {
            reopened(connection, sessionId, timeout, false);
            return;
        }
        mode.revalidate(connection, sessionId, timeout);
    }

    /** The verdict on a reconnect: serve the session on this connection, or answer expired. */
    void reopened(ClientConnection connection, long sessionId, int timeout, boolean valid) {
        if (connection.state() == ClientConnection.State.CLOSED) {
            return;
        }
        if (!valid) {
            connection.send(new ServerPacket.ConnectResponse(0, 0, 0));
            String reason = "session " + SessionIds.hex(sessionId) + " expired or wrong password";
            trace(new ConnectionRefused(connection.id(), reason));
            closeConnection(connection, reason);
            return;
        }
        establish(connection, sessionId, timeout);
        trace(new SessionReopened(SessionIds.hex(sessionId), connection.id(), timeout));
    }

    private void establish(ClientConnection connection, long sessionId, int timeout) {
        ClientConnection previous = connections.bind(sessionId, connection);
        if (previous != null) {
            closeConnection(previous, "session " + SessionIds.hex(sessionId) + " reconnected elsewhere");
        }
        connection.send(new ServerPacket.ConnectResponse(timeout, sessionId, SessionIds.password(sessionId)));
        connection.established(sessionId);
    }

    // ---- Commit --------------------------------------------------------------------

    /**
     * Applies one committed transaction and does everything that follows from it, in
     * ZooKeeper's order: session bookkeeping, watch notifications, then the answer to the
     * request that caused it (so a watcher sees the event before the writer's reply on the
     * same connection), then connection closes of a closed session.
     */
    void committed(Transaction transaction) {
        ApplyResult result = database.apply(transaction);
        writes.applied(transaction.zxid());
        if (tracing()) {
            trace(new TxnCommitted(transaction.zxid(), txnType(transaction.txn())));
        } else {
            countOnly(TXN_COMMITTED);
        }
        long sessionId = transaction.header().sessionId();
        if (transaction.txn() instanceof Txn.CreateSessionTxn create) {
            sessions.addSession(sessionId, create.timeout());
        } else if (transaction.txn() instanceof Txn.CloseSessionTxn) {
            sessions.removeSession(sessionId);
        }
        fireWatches(result);
        requests.applied(result);
        if (containerManager != null) {
            containerManager.treeChanged();
        }
        switch (result.outcome()) {
            case TxnOutcome.SessionCreated created -> sessionCreated(sessionId, created.timeout(), transaction.zxid());
            case TxnOutcome.SessionClosed closed -> sessionClosed(sessionId, closed, transaction.zxid());
            default -> {
                // Other outcomes were answered by the request processor.
            }
        }
    }

    /**
     * Only data-table triggers are passed on: the watch table derives the child-table side.
     * A server holding no watch at all, as often as not, skips the triggers altogether.
     */
    private void fireWatches(ApplyResult result) {
        if (watches.isEmpty()) {
            return;
        }
        List<WatchTrigger> triggers = result.triggers();
        for (int i = 0; i < triggers.size(); i++) {
            WatchTrigger trigger = triggers.get(i);
            if (trigger.table() == WatchTrigger.Table.DATA) {
                watches.trigger(TreeChange.of(trigger.type(), trigger.path(), trigger.zxid()), notifyConnection);
            }
        }
    }

    private void sessionCreated(long sessionId, int timeout, long zxid) {
        trace(new SessionCreated(SessionIds.hex(sessionId), timeout, zxid));
        ClientConnection connection = creating.remove(sessionId);
        if (connection != null && connection.state() == ClientConnection.State.CREATING_SESSION) {
            establish(connection, sessionId, timeout);
        }
    }

    private void sessionClosed(long sessionId, TxnOutcome.SessionClosed closed, long zxid) {
        trace(new SessionClosed(SessionIds.hex(sessionId), zxid, closed.deletedPaths().size()));
        requests.forget(sessionId);
        ClientConnection connection = connections.ofSession(sessionId);
        if (connection != null) {
            closeConnection(connection, "session " + SessionIds.hex(sessionId) + " closed");
        }
    }

    // ---- Sessions and connections ---------------------------------------------------

    /**
     * The tracker's expiry: the session is already closing; submit its closeSession, at once
     * or, where the delay-close fault is armed for the session, that much later. The delayed
     * close is dropped if this server's term ends meanwhile: the next leader tracks the
     * session afresh, as ZooKeeper's does.
     */
    void expire(long sessionId, int timeoutMs) {
        trace(new SessionExpired(SessionIds.hex(sessionId), timeoutMs));
        Long delay = closeDelays.remove(sessionId);
        WritePath path = writes;
        if (delay == null) {
            path.submit(sessionId, 0, new Request.CloseSessionRequest());
            return;
        }
        process.schedule(delay, () -> {
            if (writes == path) {
                path.submit(sessionId, 0, new Request.CloseSessionRequest());
            }
        });
    }

    /** Arms the delay-close fault: the session's next expiry here submits its closeSession this much later. */
    void delayCloseOf(long sessionId, long delayMicros) {
        closeDelays.put(sessionId, delayMicros);
    }

    /** Expires a live session now, as the leader would; false if it is not live or this is no leader. */
    boolean expireNow(long sessionId) {
        Integer timeout = sessions.sessionTimeouts().get(sessionId);
        if (!mode.expiresSessions() || timeout == null || !sessions.isLive(sessionId)) {
            return false;
        }
        sessions.setClosing(sessionId);
        expire(sessionId, timeout);
        return true;
    }

    boolean touch(long sessionId) {
        return sessions.touch(sessionId);
    }

    /** Closes a connection from the server's side; the client sees it closed after what was sent. */
    void closeConnection(ClientConnection connection, String reason) {
        if (connection.markClosed()) {
            connection.connection().close();
            connections.remove(connection);
            trace(new ConnectionClosed(connection.id(), reason));
        }
    }

    /** Closes every client connection: the server stops serving (reference 4.4). */
    void closeAllConnections(String reason) {
        for (ClientConnection connection : connections.all()) {
            closeConnection(connection, reason);
        }
        creating.clear();
    }

    /** The client closed the connection, or it was reset. */
    void connectionLost(ClientConnection connection, String reason) {
        if (connection.markClosed()) {
            connections.remove(connection);
            trace(new ConnectionClosed(connection.id(), reason));
        }
    }

    // ---- Accessors -----------------------------------------------------------------

    ServerConfig config() {
        return config;
    }

    SimProcess process() {
        return process;
    }

    WritePath writes() {
        return writes;
    }

    ServerMode mode() {
        return mode;
    }

    /** STANDALONE, or the quorum role of this server's peer. */
    public ServerRole role() {
        return mode.role();
    }

    /** True while clients are served: always standalone, in broadcast for a quorum member. */
    public boolean isServing() {
        return mode.isServing();
    }

    /**
     * Whether the links to the other servers that heartbeats travel on in this term are sound
     * (always standalone): a follower's to its leader, a leader's to its learners.
     */
    public boolean peerLinksSound() {
        return mode.peerLinksSound();
    }

    /** Whether every session this server tracks (closing ones included) passes the test. */
    public boolean tracksOnly(LongPredicate sessions) {
        return this.sessions.allSessionsMatch(sessions);
    }

    /** The Zab epoch this server last acknowledged (0 standalone). */
    public long currentEpoch() {
        return mode.currentEpoch();
    }

    RequestProcessor requests() {
        return requests;
    }

    ConnectionTable connections() {
        return connections;
    }

    ServerWatchTable watches() {
        return watches;
    }

    SessionTracker sessions() {
        return sessions;
    }

    Network network() {
        return network;
    }

    public ZkDatabase database() {
        return database;
    }

    public long lastProcessedZxid() {
        return database.lastProcessedZxid();
    }

    /** Four-letter-word views of this server. */
    public ServerIntrospection introspection() {
        return new ServerIntrospection(this);
    }

    /** The fault hooks the fault injector uses on this server. */
    public ServerFaults faults() {
        return new ServerFaults(this);
    }

    /** Whether a traced event is read as well as counted; request-rate events are only counted when not. */
    boolean tracing() {
        return process.tracing();
    }

    void countOnly(EventKey key) {
        process.countOnly(key);
    }

    void trace(TraceEvent event) {
        process.trace(event);
    }

    private static String txnType(Txn txn) {
        return switch (txn) {
            case Txn.CreateTxn create -> "create";
            case Txn.DeleteTxn delete -> "delete";
            case Txn.SetDataTxn setData -> "setData";
            case Txn.CheckTxn check -> "check";
            case Txn.ErrorTxn error -> "error";
            case Txn.MultiTxn multi -> "multi";
            case Txn.CreateSessionTxn create -> "createSession";
            case Txn.CloseSessionTxn close -> "closeSession";
        };
    }
}

package dev.zksim.server;

import dev.zksim.server.watch.WatchKind;
import dev.zksim.server.watch.WatchSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;

/**
 * What ZooKeeper's four-letter words report about one server, as values: dump (sessions
 * with timeouts and ephemerals), cons (connections), wchs/wchc/wchp (watches, via the
 * watch table), the tree digest and the last processed zxid.
 */
public final class ServerIntrospection {

    /** One client connection: its kernel id and the session it serves (0 during the handshake). */
    public record ConnectionInfo(long connectionId, String remote, long sessionId, String state) {
    }

    private final ZkServer server;

    ServerIntrospection(ZkServer server) {
        this.server = server;
    }

    /** The last zxid applied to this server's database (it lags the delivered one under the lag fault). */
    public long lastProcessedZxid() {
        return server.lastProcessedZxid();
    }

    /** srvr's Mode line: standalone, or the quorum role. */
    public ServerRole role() {
        return server.role();
    }

    public boolean isServing() {
        return server.isServing();
    }

    public long currentEpoch() {
        return server.currentEpoch();
    }

    /** The last zxid Zab delivered as committed (quorum), or the last applied one (standalone). */
    public long lastDeliveredZxid() {
        return server.mode() instanceof QuorumMode quorum && quorum.peer() != null ? quorum.peer().lastCommittedZxid()
                : server.lastProcessedZxid();
    }

    /** The tree's order-independent digest (lastProcessedZxid left out). */
    public long treeDigest() {
        return server.database().tree().digest();
    }

    /** Live and closing sessions with their negotiated timeouts in ms, by id. */
    public SortedMap<Long, Integer> sessions() {
        return server.sessions().sessionTimeouts();
    }

    /** The ephemerals of a session, sorted (the dump word). */
    public List<String> ephemerals(long sessionId) {
        return server.database().tree().ephemerals(sessionId);
    }

    public int connectionCount() {
        return server.connections().size();
    }

    public List<ConnectionInfo> connections() {
        List<ConnectionInfo> infos = new ArrayList<>();
        for (ClientConnection connection : server.connections().all()) {
            infos.add(new ConnectionInfo(connection.id(), connection.connection().remote(), connection.sessionId(),
                    connection.state().name()));
        }
        return infos;
    }

    /** wchs for one table. */
    public WatchSummary watchSummary(WatchKind kind) {
        return server.watches().summary(kind);
    }

    /** All watches over all tables. */
    public int watchCount() {
        return server.watches().watchCount();
    }

    /** wchc for one table: connection id to watched paths. */
    public SortedMap<Long, SortedSet<String>> watchesByConnection(WatchKind kind) {
        return server.watches().pathsByConnection(kind);
    }

    /** wchp for one table: path to watching connection ids. */
    public SortedMap<String, SortedSet<Long>> watchesByPath(WatchKind kind) {
        return server.watches().connectionsByPath(kind);
    }

    /** Requests received and not yet answered, over all sessions. */
    public int pendingRequests() {
        return server.requests().pending();
    }
}

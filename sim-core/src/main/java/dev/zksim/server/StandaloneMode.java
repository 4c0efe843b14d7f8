package dev.zksim.server;

import dev.zksim.server.ServerEvent.Started;
import dev.zksim.server.persist.LocalCommitter;
import dev.zksim.server.persist.TxnLogStore;
import dev.zksim.server.persist.ZkDatabase;
import dev.zksim.server.session.ExpiringSessionTracker;
import dev.zksim.server.session.SessionTracker;
import dev.zksim.server.zab.ZabMonitor;

/**
 * A standalone server: it recovers from its own txn log and snapshots, re-arms every
 * recovered session with a full timeout, commits through a {@link LocalCommitter} (log,
 * fsync, apply) and serves from the start.
 */
final class StandaloneMode implements ServerMode {
    private final ZkServer server;
    private final ZabMonitor monitor;
    private SessionTracker sessions;

    StandaloneMode(ZkServer server, ZabMonitor monitor) {
        this.server = server;
        this.monitor = monitor;
    }

    @Override
    public void start() {
        var process = server.process();
        var config = server.config();
        TxnLogStore store = new TxnLogStore(process.disk());
        TxnLogStore.Recovery recovery =
                store.recover(() -> CounterStart.apply(ZkDatabase.fresh(), server.config().counterStarts()));
        server.setDatabase(recovery.database());
        var database = recovery.database();
        sessions = new ExpiringSessionTracker(process, config.tickTimeMs(), server::expire);
        database.sessions().forEach(sessions::addSession);
        LocalCommitter committer = new LocalCommitter(process, store, config.fsyncLatency(), config.snapCount(),
                database::snapshot);
        monitor.stateReset(config.serverId(), database.lastProcessedZxid());
        committer.setListener(transaction -> {
            monitor.delivered(config.serverId(), transaction.zxid(), transaction);
            server.committed(transaction);
        });
        server.serve(sessions, new LocalWritePath(database.tree(), database.lastProcessedZxid(), sessions, committer,
                () -> process.now() / 1000, config.serverId()));
        server.listen(server::acceptClient);
        server.trace(new Started(recovery.snapshotZxid(), recovery.replayed(), database.lastProcessedZxid(),
                database.sessions().size()));
    }

    @Override
    public ServerRole role() {
        return ServerRole.STANDALONE;
    }

    @Override
    public boolean isServing() {
        return true;
    }

    @Override
    public long currentEpoch() {
        return 0;
    }

    @Override
    public boolean expiresSessions() {
        return true;
    }

    @Override
    public void revalidate(ClientConnection connection, long sessionId, int timeoutMs) {
        server.reopened(connection, sessionId, timeoutMs, sessions.touch(sessionId, timeoutMs));
    }

    @Override
    public boolean lagFor(long durationMicros) {
        return false;
    }
}

package dev.zksim.client;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.Op;
import dev.zksim.api.OpResult;
import dev.zksim.api.PathUtils;
import dev.zksim.api.Stat;
import dev.zksim.api.Watcher;
import dev.zksim.api.WatcherType;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.client.watch.ClientWatchManager;
import dev.zksim.client.watch.WatchRegistration;
import dev.zksim.client.watch.WatchRemoval;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.protocol.Operation;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The simulated ZooKeeper handle: the public client API over the simulated network. It
 * validates paths synchronously (an invalid path throws IllegalArgumentException and
 * nothing is sent), turns each call into a protocol operation plus the watch to register,
 * and hands it to the connection state machine, which owns the session.
 *
 * <p>Construct it inside the client's process (for example in its {@code Node.start});
 * it starts connecting in a separate event right away. Every stage completes, and every
 * watcher runs, on the simulation thread in the order packets arrive. A watcher that
 * throws ends the simulation run, which is the point: the simulator must not hide bugs.
 */
public final class SimZooKeeper implements ZooKeeperClient {
    private final ClientWatchManager watches;
    private final HostProvider hosts;
    private final ClientConnection connection;

    public SimZooKeeper(SimProcess process, Network network, List<String> serverIds, int requestedSessionTimeoutMs,
            Watcher defaultWatcher) {
        this(process, network, serverIds, requestedSessionTimeoutMs, defaultWatcher, ClientConfig.DEFAULT);
    }

    public SimZooKeeper(SimProcess process, Network network, List<String> serverIds, int requestedSessionTimeoutMs,
            Watcher defaultWatcher, ClientConfig config) {
        Objects.requireNonNull(process, "process");
        Objects.requireNonNull(network, "network");
        Objects.requireNonNull(config, "config");
        // Work scheduled by a process that is not running is bound to a dead incarnation
        // and silently dropped, so the handle would never connect.
        if (!process.isUp()) {
            throw new IllegalStateException("construct the client inside its running process: " + process);
        }
        this.watches = new ClientWatchManager(defaultWatcher);
        this.hosts = new HostProvider(serverIds, process.choices().stream("hosts"));
        this.connection = new ClientConnection(process, network, hosts, requestedSessionTimeoutMs, watches, config);
        process.schedule(0, connection::start);
    }

    // ---- ZooKeeperClient ----

    @Override
    public CompletionStage<String> create(String path, byte[] data, CreateMode mode) {
        PathUtils.validatePath(path, mode.isSequential());
        mode.validateTtl(-1);
        return call(new Operation.Create(path, Replies.copy(data), mode, false), null, path, Replies.PATH);
    }

    @Override
    public CompletionStage<Created> createWithStat(String path, byte[] data, CreateMode mode) {
        PathUtils.validatePath(path, mode.isSequential());
        mode.validateTtl(-1);
        return call(new Operation.Create(path, Replies.copy(data), mode, true), null, path, Replies.CREATED);
    }

    /** createTTL: validated like ZooKeeper's client (path, then ttl), nothing sent if invalid. */
    @Override
    public CompletionStage<Created> createWithTtl(String path, byte[] data, CreateMode mode, long ttlMs) {
        PathUtils.validatePath(path, mode.isSequential());
        mode.validateTtl(ttlMs);
        return call(new Operation.CreateTtl(path, Replies.copy(data), mode, ttlMs), null, path, Replies.CREATED);
    }

    @Override
    public CompletionStage<Void> delete(String path, int version) {
        PathUtils.validatePath(path);
        return call(new Operation.Delete(path, version), null, path, Replies.NONE);
    }

    @Override
    public CompletionStage<Stat> exists(String path, Watcher watcher) {
        PathUtils.validatePath(path);
        WatchRegistration watch = watcher == null ? null : new WatchRegistration.Exists(path, watcher);
        return call(new Operation.Exists(path, watcher != null), watch, path, Replies.EXISTS_STAT);
    }

    @Override
    public CompletionStage<Stat> exists(String path, boolean watch) {
        return exists(path, defaultIf(watch));
    }

    @Override
    public CompletionStage<DataAndStat> getData(String path, Watcher watcher) {
        PathUtils.validatePath(path);
        WatchRegistration watch = watcher == null ? null : new WatchRegistration.GetData(path, watcher);
        return call(new Operation.GetData(path, watcher != null), watch, path, Replies.DATA);
    }

    @Override
    public CompletionStage<DataAndStat> getData(String path, boolean watch) {
        return getData(path, defaultIf(watch));
    }

    @Override
    public CompletionStage<Stat> setData(String path, byte[] data, int version) {
        PathUtils.validatePath(path);
        return call(new Operation.SetData(path, Replies.copy(data), version), null, path, Replies.STAT);
    }

    @Override
    public CompletionStage<List<String>> getChildren(String path, Watcher watcher) {
        PathUtils.validatePath(path);
        WatchRegistration watch = watcher == null ? null : new WatchRegistration.GetChildren(path, watcher);
        return call(new Operation.GetChildren(path, watcher != null, false), watch, path, Replies.CHILDREN);
    }

    @Override
    public CompletionStage<List<String>> getChildren(String path, boolean watch) {
        return getChildren(path, defaultIf(watch));
    }

    @Override
    public CompletionStage<ChildrenAndStat> getChildren2(String path, Watcher watcher) {
        PathUtils.validatePath(path);
        WatchRegistration watch = watcher == null ? null : new WatchRegistration.GetChildren(path, watcher);
        return call(new Operation.GetChildren(path, watcher != null, true), watch, path, Replies.CHILDREN_AND_STAT);
    }

    @Override
    public CompletionStage<ChildrenAndStat> getChildren2(String path, boolean watch) {
        return getChildren2(path, defaultIf(watch));
    }

    @Override
    public CompletionStage<String> sync(String path) {
        PathUtils.validatePath(path);
        return call(new Operation.Sync(path), null, path, Replies.PATH);
    }

    @Override
    public CompletionStage<Void> addWatch(String path, Watcher watcher, boolean recursive) {
        PathUtils.validatePath(path);
        Objects.requireNonNull(watcher, "watcher");
        WatchRegistration watch = recursive ? new WatchRegistration.AddRecursiveWatch(path, watcher)
                : new WatchRegistration.AddPersistentWatch(path, watcher);
        return call(new Operation.AddWatch(path, recursive), watch, path, Replies.NONE);
    }

    @Override
    public CompletionStage<List<String>> getEphemerals(String prefixPath) {
        PathUtils.validatePath(prefixPath);
        return call(new Operation.GetEphemerals(prefixPath), null, prefixPath, Replies.PATHS);
    }

    @Override
    public CompletionStage<Integer> getAllChildrenNumber(String path) {
        PathUtils.validatePath(path);
        return call(new Operation.GetAllChildrenNumber(path), null, path, Replies.COUNT);
    }

    /**
     * removeWatches: checkWatches on the wire; the client's tables change when the outcome
     * is known, then the removed Watcher hears of it before the call completes.
     */
    @Override
    public CompletionStage<Void> removeWatches(String path, Watcher watcher, WatcherType type, boolean local) {
        if (watcher == null) {
            throw new IllegalArgumentException("Invalid Watcher, shouldn't be null!");
        }
        PathUtils.validatePath(path);
        Objects.requireNonNull(type, "type");
        return removal(new Operation.CheckWatches(path, type), path, watcher, type, local);
    }

    /** removeAllWatches: removeWatches on the wire, for every Watcher of the type on the path. */
    @Override
    public CompletionStage<Void> removeAllWatches(String path, WatcherType type, boolean local) {
        PathUtils.validatePath(path);
        Objects.requireNonNull(type, "type");
        return removal(new Operation.RemoveWatches(path, type), path, null, type, local);
    }

    private CompletionStage<Void> removal(Operation operation, String path, Watcher watcher, WatcherType type,
            boolean local) {
        CompletableFuture<Void> future = new CompletableFuture<>();
        connection.submit(operation, null, (code, response) -> {
            WatchRemoval removal = watches.remove(path, watcher, type, local, code);
            connection.tellRemoved(path, removal, code);
            if (removal.code() == Code.OK) {
                future.complete(null);
            } else {
                future.completeExceptionally(KeeperException.create(removal.code(), path));
            }
        });
        return future;
    }

    /**
     * Validates every op first (ZooKeeper's synchronous multi), so a bad path throws
     * IllegalArgumentException and nothing is sent; an empty list completes at once.
     */
    @Override
    public CompletionStage<List<OpResult>> multi(List<Op> ops) {
        List<Op> copy = List.copyOf(ops);
        copy.forEach(Op::validate);
        if (copy.isEmpty()) {
            return CompletableFuture.completedFuture(List.of());
        }
        return call(new Operation.Multi(copy.stream().map(SimZooKeeper::copyData).toList()), null, null, Replies.MULTI);
    }

    @Override
    public CompletionStage<Void> close() {
        return connection.close();
    }

    @Override
    public long sessionId() {
        return connection.sessionId();
    }

    /** The negotiated session timeout in milliseconds, 0 before the first handshake. */
    @Override
    public int sessionTimeout() {
        return connection.negotiatedTimeoutMs();
    }

    // ---- for tests and the ensemble's self-checks ----

    /** Lets the ensemble's self-checks see every reply and notification as it arrives. */
    public void setObserver(ClientObserver observer) {
        connection.setObserver(observer);
    }

    /**
     * Whether the handle is connected with no call queued or awaiting its reply, so that all
     * it does until its program calls again is ping: how a run tells that it went idle.
     */
    public boolean isConnectedAndIdle() {
        return connection.isConnectedAndIdle();
    }

    /** The zxid of the last reply header with a positive zxid; 0 before any. */
    public long lastZxid() {
        return connection.lastZxid();
    }

    public ClientState state() {
        return connection.state();
    }

    /**
     * Arms the lost-request fault: the next request that matches is lost before any server
     * sees it and the connection resets, so it fails with ConnectionLoss and was not applied.
     * False if the handle is closed.
     */
    public boolean loseRequest(RequestMatch match) {
        return arm(RequestFaults.Kind.LOSE_REQUEST, match);
    }

    /**
     * Arms the aimed lost-reply fault: the next request that matches is applied, but its
     * reply is lost and the connection resets, so it fails with ConnectionLoss although it
     * took effect. False if the handle is closed.
     */
    public boolean dropReply(RequestMatch match) {
        return arm(RequestFaults.Kind.DROP_REPLY, match);
    }

    private boolean arm(RequestFaults.Kind kind, RequestMatch match) {
        if (connection.state() == ClientState.CLOSED) {
            return false;
        }
        connection.faults().arm(kind, match);
        return true;
    }

    /**
     * Declares the session expired on this side alone, as ZooKeeper's
     * {@code Testable.injectSessionExpiration()} does (Curator calls it when its own
     * session-expiration timer runs out while SUSPENDED): the watcher hears Expired, every call
     * fails with SessionExpired, and the servers expire the session only when it times out.
     */
    public void injectSessionExpiration() {
        connection.injectExpiry();
    }

    /** The server this handle holds a session connection to, or null while not connected. */
    public String currentServer() {
        return connection.currentServer();
    }

    /** The shuffled order in which servers are tried. */
    public List<String> serverOrder() {
        return hosts.order();
    }

    /** The client's watch tables, for inspection. */
    public ClientWatchManager watchManager() {
        return watches;
    }

    // ---- helpers ----

    /** Submits the operation; the stage completes with what the decoder makes of the reply for this path. */
    private <T> CompletionStage<T> call(Operation operation, WatchRegistration watch, String path,
            Replies.Decoder<T> decoder) {
        Replies.Call<T> call = new Replies.Call<>(path, decoder);
        connection.submit(operation, watch, call);
        return call;
    }

    /** {@code watch == true} means the default watcher; without one there is nothing to set. */
    private Watcher defaultIf(boolean watch) {
        return watch ? watches.defaultWatcher().orElse(null) : null;
    }

    /** Copies the data of creates and setDatas, so callers may reuse their arrays. */
    private static Op copyData(Op op) {
        return switch (op) {
            case Op.Create create -> Op.create(create.path(), Replies.copy(create.data()), create.mode());
            case Op.CreateTtl create -> Op.create(create.path(), Replies.copy(create.data()), create.mode(), create.ttl());
            case Op.SetData setData -> Op.setData(setData.path(), Replies.copy(setData.data()), setData.version());
            case Op.Delete delete -> delete;
            case Op.Check check -> check;
        };
    }
}

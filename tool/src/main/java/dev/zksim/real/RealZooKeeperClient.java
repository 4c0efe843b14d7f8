package dev.zksim.real;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Op;
import dev.zksim.api.OpResult;
import dev.zksim.api.PathUtils;
import dev.zksim.api.Stat;
import dev.zksim.api.Watcher;
import dev.zksim.api.WatcherType;
import dev.zksim.api.ZooKeeperClient;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.apache.zookeeper.AddWatchMode;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * zksim's client API over the official ZooKeeper 3.9 Java client, so that recipe code
 * written for the simulation runs unchanged against a real ensemble.
 *
 * <p>Every call uses ZooKeeper's asynchronous API and returns at once. Stages complete,
 * and watchers run, on the ZooKeeper handle's single event thread, in the order the
 * client received replies and notifications (reference 3.4): the same ordering the
 * simulation gives on its one thread. A dependent stage added with a non-async method
 * therefore runs on that event thread too and must not block it. Two calls are the
 * exception: an empty multi completes at once on the caller's thread (nothing is sent),
 * and {@link #close()} waits for the server's reply on the caller's thread, because
 * ZooKeeper's client has no asynchronous close.
 *
 * <p>Results are mapped exactly: Stat field by field, error codes by wire value with the
 * client-side path, exists on a missing node as null, null data as null, multi failures
 * as {@link KeeperException#forMulti}. Invalid paths throw IllegalArgumentException
 * synchronously and nothing is sent. Every node gets the world:anyone ACL.
 */
public final class RealZooKeeperClient implements ZooKeeperClient {
    private final ZooKeeper zk;
    private final SessionWatcher sessionWatcher;

    private RealZooKeeperClient(ZooKeeper zk, SessionWatcher sessionWatcher) {
        this.zk = zk;
        this.sessionWatcher = sessionWatcher;
    }

    /**
     * Opens a handle and returns it before it has connected; the official client connects
     * and reconnects in the background. Use {@link #connected()} to learn when the session
     * is established. The caller owns the handle and must close it.
     *
     * @param defaultWatcher receives session events and the watches set with
     *     {@code watch == true}; may be null
     * @throws IOException if ZooKeeper cannot set up its connection machinery
     */
    public static RealZooKeeperClient open(String connectString, int sessionTimeoutMs, Watcher defaultWatcher)
            throws IOException {
        SessionWatcher sessionWatcher = new SessionWatcher(defaultWatcher);
        ZooKeeper zk = new ZooKeeper(connectString, sessionTimeoutMs, sessionWatcher);
        return new RealZooKeeperClient(zk, sessionWatcher);
    }

    /**
     * Opens a handle and completes with it when SyncConnected is first seen (after the
     * default watcher got that event). Fails with SessionExpired or AuthFailed if the
     * handle ends first. The stage never completes while no server answers, and then the
     * handle cannot be closed by the caller: where that matters, use {@link #open} and
     * {@link #connected()}, as {@link Blocking#connect} does.
     */
    public static CompletionStage<RealZooKeeperClient> connect(
            String connectString, int sessionTimeoutMs, Watcher defaultWatcher) {
        RealZooKeeperClient client;
        try {
            client = open(connectString, sessionTimeoutMs, defaultWatcher);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
        return client.connected().thenApply(ignored -> client);
    }

    /** Completes when the session is first established; see {@link #connect}. */
    public CompletionStage<Void> connected() {
        return sessionWatcher.connected().minimalCompletionStage();
    }

    /**
     * The session password. Together with {@link #sessionId()} it lets a second handle
     * take over the session, which is how {@link RealEnsemble#expireSession} ends it.
     */
    public byte[] sessionPassword() {
        return zk.getSessionPasswd().clone();
    }

    @Override
    public CompletionStage<String> create(String path, byte[] data, CreateMode mode) {
        PathUtils.validatePath(path, mode.isSequential());
        CompletableFuture<String> result = new CompletableFuture<>();
        zk.create(path, Convert.copy(data), ZooDefs.Ids.OPEN_ACL_UNSAFE, Convert.mode(mode),
            (int rc, String clientPath, Object ctx, String name) ->
                settle(result, rc, clientPath, () -> name),
            null);
        return result;
    }

    @Override
    public CompletionStage<Created> createWithStat(String path, byte[] data, CreateMode mode) {
        PathUtils.validatePath(path, mode.isSequential());
        CompletableFuture<Created> result = new CompletableFuture<>();
        zk.create(path, Convert.copy(data), ZooDefs.Ids.OPEN_ACL_UNSAFE, Convert.mode(mode),
            (int rc, String clientPath, Object ctx, String name, org.apache.zookeeper.data.Stat stat) ->
                settle(result, rc, clientPath, () -> new Created(name, Convert.stat(stat))),
            null);
        return result;
    }

    @Override
    public CompletionStage<Void> delete(String path, int version) {
        PathUtils.validatePath(path);
        CompletableFuture<Void> result = new CompletableFuture<>();
        zk.delete(path, version, (rc, clientPath, ctx) -> settle(result, rc, clientPath, () -> null), null);
        return result;
    }

    @Override
    public CompletionStage<Stat> exists(String path, Watcher watcher) {
        return existsWith(path, adapt(watcher));
    }

    private CompletionStage<Stat> existsWith(String path, org.apache.zookeeper.Watcher watcher) {
        PathUtils.validatePath(path);
        CompletableFuture<Stat> result = new CompletableFuture<>();
        zk.exists(path, watcher, (rc, clientPath, ctx, stat) -> settleExists(result, rc, clientPath, stat), null);
        return result;
    }

    @Override
    public CompletionStage<Stat> exists(String path, boolean watch) {
        return existsWith(path, watch ? sessionWatcher : null);
    }

    @Override
    public CompletionStage<DataAndStat> getData(String path, Watcher watcher) {
        return getDataWith(path, adapt(watcher));
    }

    private CompletionStage<DataAndStat> getDataWith(String path, org.apache.zookeeper.Watcher watcher) {
        PathUtils.validatePath(path);
        CompletableFuture<DataAndStat> result = new CompletableFuture<>();
        zk.getData(path, watcher,
            (rc, clientPath, ctx, data, stat) ->
                settle(result, rc, clientPath, () -> new DataAndStat(data, Convert.stat(stat))),
            null);
        return result;
    }

    @Override
    public CompletionStage<DataAndStat> getData(String path, boolean watch) {
        return getDataWith(path, watch ? sessionWatcher : null);
    }

    @Override
    public CompletionStage<Stat> setData(String path, byte[] data, int version) {
        PathUtils.validatePath(path);
        CompletableFuture<Stat> result = new CompletableFuture<>();
        zk.setData(path, Convert.copy(data), version,
            (rc, clientPath, ctx, stat) -> settle(result, rc, clientPath, () -> Convert.stat(stat)),
            null);
        return result;
    }

    @Override
    public CompletionStage<List<String>> getChildren(String path, Watcher watcher) {
        return getChildrenWith(path, adapt(watcher));
    }

    private CompletionStage<List<String>> getChildrenWith(String path, org.apache.zookeeper.Watcher watcher) {
        PathUtils.validatePath(path);
        CompletableFuture<List<String>> result = new CompletableFuture<>();
        zk.getChildren(path, watcher,
            (int rc, String clientPath, Object ctx, List<String> children) ->
                settle(result, rc, clientPath, () -> List.copyOf(children)),
            null);
        return result;
    }

    @Override
    public CompletionStage<List<String>> getChildren(String path, boolean watch) {
        return getChildrenWith(path, watch ? sessionWatcher : null);
    }

    @Override
    public CompletionStage<ChildrenAndStat> getChildren2(String path, Watcher watcher) {
        return getChildren2With(path, adapt(watcher));
    }

    private CompletionStage<ChildrenAndStat> getChildren2With(String path, org.apache.zookeeper.Watcher watcher) {
        PathUtils.validatePath(path);
        CompletableFuture<ChildrenAndStat> result = new CompletableFuture<>();
        zk.getChildren(path, watcher,
            (int rc, String clientPath, Object ctx, List<String> children, org.apache.zookeeper.data.Stat stat) ->
                settle(result, rc, clientPath, () -> new ChildrenAndStat(List.copyOf(children), Convert.stat(stat))),
            null);
        return result;
    }

    @Override
    public CompletionStage<ChildrenAndStat> getChildren2(String path, boolean watch) {
        return getChildren2With(path, watch ? sessionWatcher : null);
    }

    @Override
    public CompletionStage<Void> addWatch(String path, Watcher watcher, boolean recursive) {
        PathUtils.validatePath(path);
        CompletableFuture<Void> result = new CompletableFuture<>();
        zk.addWatch(path, adapt(Objects.requireNonNull(watcher, "watcher")),
                recursive ? AddWatchMode.PERSISTENT_RECURSIVE : AddWatchMode.PERSISTENT,
                (rc, clientPath, ctx) -> settle(result, rc, clientPath, () -> null), null);
        return result;
    }

    @Override
    public CompletionStage<Created> createWithTtl(String path, byte[] data, CreateMode mode, long ttlMs) {
        PathUtils.validatePath(path, mode.isSequential());
        mode.validateTtl(ttlMs);
        CompletableFuture<Created> result = new CompletableFuture<>();
        zk.create(path, Convert.copy(data), ZooDefs.Ids.OPEN_ACL_UNSAFE, Convert.mode(mode),
            (int rc, String clientPath, Object ctx, String name, org.apache.zookeeper.data.Stat stat) ->
                settle(result, rc, clientPath, () -> new Created(name, Convert.stat(stat))),
            null, ttlMs);
        return result;
    }

    @Override
    public CompletionStage<Void> removeWatches(String path, Watcher watcher, WatcherType type, boolean local) {
        CompletableFuture<Void> result = new CompletableFuture<>();
        zk.removeWatches(path, adapt(watcher), org.apache.zookeeper.Watcher.WatcherType.fromInt(type.getIntValue()),
                local, (rc, clientPath, ctx) -> settle(result, rc, clientPath, () -> null), null);
        return result;
    }

    @Override
    public CompletionStage<Void> removeAllWatches(String path, WatcherType type, boolean local) {
        CompletableFuture<Void> result = new CompletableFuture<>();
        zk.removeAllWatches(path, org.apache.zookeeper.Watcher.WatcherType.fromInt(type.getIntValue()), local,
                (rc, clientPath, ctx) -> settle(result, rc, clientPath, () -> null), null);
        return result;
    }

    @Override
    public CompletionStage<List<String>> getEphemerals(String prefixPath) {
        PathUtils.validatePath(prefixPath);
        CompletableFuture<List<String>> result = new CompletableFuture<>();
        zk.getEphemerals(prefixPath, (rc, ctx, paths) -> settle(result, rc, prefixPath, () -> List.copyOf(paths)), null);
        return result;
    }

    @Override
    public CompletionStage<Integer> getAllChildrenNumber(String path) {
        PathUtils.validatePath(path);
        CompletableFuture<Integer> result = new CompletableFuture<>();
        zk.getAllChildrenNumber(path, (rc, clientPath, ctx, number) -> settle(result, rc, clientPath, () -> number), null);
        return result;
    }

    @Override
    public CompletionStage<String> sync(String path) {
        PathUtils.validatePath(path);
        CompletableFuture<String> result = new CompletableFuture<>();
        zk.sync(path, (rc, clientPath, ctx) -> settle(result, rc, clientPath, () -> clientPath), null);
        return result;
    }

    /**
     * Validates every op first (IllegalArgumentException, nothing sent), because ZooKeeper's
     * asynchronous multi would instead answer a bad path locally with BadArguments.
     */
    @Override
    public CompletionStage<List<OpResult>> multi(List<Op> ops) {
        for (Op op : ops) {
            op.validate();
        }
        if (ops.isEmpty()) {
            return CompletableFuture.completedFuture(List.of());
        }
        CompletableFuture<List<OpResult>> result = new CompletableFuture<>();
        zk.multi(Convert.ops(ops), (rc, clientPath, ctx, results) -> settleMulti(result, rc, results), null);
        return result;
    }

    /**
     * Closes the session and completes once the handle is closed, after the default
     * watcher got Closed. ZooKeeper's close waits for the closeSession reply (or for the
     * connection to fail) on the caller's thread; {@link Blocking#closeHandle} holds that
     * one wait. A handle that already expired completes at once.
     */
    @Override
    public CompletionStage<Void> close() {
        Blocking.closeHandle(zk);
        return sessionWatcher.ended().minimalCompletionStage();
    }

    @Override
    public long sessionId() {
        return zk.getSessionId();
    }

    @Override
    public int sessionTimeout() {
        return zk.getSessionTimeout();
    }

    @Override
    public String toString() {
        return "RealZooKeeperClient[session=0x" + Long.toHexString(zk.getSessionId()) + ", state=" + zk.getState() + "]";
    }

    /**
     * The ZooKeeper watcher for a zksim one. The caller's default watcher maps to the
     * handle's own default watcher, so that passing it explicitly and passing
     * {@code watch == true} are deduplicated as one watcher, as in ZooKeeper.
     */
    private org.apache.zookeeper.Watcher adapt(Watcher watcher) {
        if (watcher == null) {
            return null;
        }
        if (watcher.equals(sessionWatcher.delegate())) {
            return sessionWatcher;
        }
        return new ForwardingWatcher(watcher);
    }

    private static <T> void settle(CompletableFuture<T> result, int rc, String path, Supplier<T> value) {
        try {
            if (rc == Code.OK.intValue()) {
                result.complete(value.get());
            } else {
                result.completeExceptionally(Convert.failure(rc, path));
            }
        } catch (RuntimeException e) {
            // A conversion bug must fail the call, not vanish into ZooKeeper's event thread log.
            result.completeExceptionally(e);
        }
    }

    private static void settleExists(CompletableFuture<Stat> result, int rc, String path,
                                     org.apache.zookeeper.data.Stat stat) {
        if (rc == Code.NONODE.intValue()) {
            result.complete(null);
        } else {
            settle(result, rc, path, () -> Convert.stat(stat));
        }
    }

    /**
     * ZooKeeper reports a failed multi with rc = the first non-zero ErrorResult and the
     * full list; a failure before the server answered (ConnectionLoss, SessionExpired)
     * comes with no list and is reported as a plain exception without a path.
     */
    private static void settleMulti(CompletableFuture<List<OpResult>> result, int rc,
                                    List<org.apache.zookeeper.OpResult> results) {
        try {
            if (rc == Code.OK.intValue()) {
                result.complete(Convert.results(Objects.requireNonNull(results, "multi results")));
            } else if (results != null) {
                result.completeExceptionally(KeeperException.forMulti(Convert.results(results)));
            } else {
                result.completeExceptionally(Convert.failure(rc, null));
            }
        } catch (RuntimeException e) {
            result.completeExceptionally(e);
        }
    }
}

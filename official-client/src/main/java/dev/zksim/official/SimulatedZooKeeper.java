package dev.zksim.official;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.client.ClientState;
import dev.zksim.client.SimZooKeeper;
import java.util.List;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;

/**
 * The drop-in {@code org.apache.zookeeper.ZooKeeper}: every call goes to zksim's simulated
 * client library, so unmodified code written for the official client runs against the
 * simulated ensemble. Instances are made by {@link OfficialClients} without running any
 * constructor of ZooKeeper (which would start its connection threads), so every public
 * method is overridden here and none of the superclass's state is used.
 *
 * <p>The synchronous methods block the calling simulated thread until the reply; the
 * callback methods return at once and run the callback on the handle's event thread, a
 * simulated thread like the official client's. The simulated ensemble has no ACLs or
 * reconfiguration; those calls answer {@code Unimplemented}, as a server without the
 * feature does (see {@link ExtendedApi}).
 */
public class SimulatedZooKeeper extends ExtendedApi {
    private SimZooKeeper client;
    private EventThread events;
    private volatile Watcher defaultWatcher;

    /** Never runs: instances are allocated by {@link OfficialClients} without a constructor call. */
    private SimulatedZooKeeper() throws java.io.IOException {
        throw new AssertionError("allocated without a constructor call");
    }

    void attach(SimZooKeeper simulated, EventThread eventThread, Watcher watcher) {
        this.client = simulated;
        this.events = eventThread;
        this.defaultWatcher = watcher;
    }

    /** Receives the simulated default watcher's events (session and "watch = true" events). */
    void deliverDefault(dev.zksim.api.WatchedEvent event) {
        events.post(() -> {
            Watcher watcher = defaultWatcher;
            if (watcher != null) {
                watcher.process(Conversions.event(event));
            }
        });
        if (event.state() == dev.zksim.api.KeeperState.Expired || event.state() == dev.zksim.api.KeeperState.Closed) {
            events.end();
        }
    }

    /** Ends the event thread of a handle whose process crashed: its session went with it. */
    void retire() {
        events.end();
    }

    /** The simulated handle behind this one. */
    @Override
    public ZooKeeperClient simulated() {
        return client;
    }

    /** What user callbacks and watchers threw (the official client logs and goes on; so does this). */
    public List<String> callbackFailures() {
        return events.failures();
    }

    private dev.zksim.api.Watcher watcher(Watcher watcher) {
        return watcher == null ? null : new ForwardingWatcher(watcher, events);
    }

    @Override
    dev.zksim.api.Watcher simulatedWatcher(Watcher watcher) {
        return watcher(java.util.Objects.requireNonNull(watcher, "watcher"));
    }

    @Override
    dev.zksim.api.Watcher simulatedWatcherToRemove(Watcher watcher) {
        return watcher == defaultWatcher ? simulatedDefaultWatcher() : watcher(watcher);
    }

    // With no default watcher the official client sets the watch all the same; its events
    // then reach nobody, as here.
    @Override
    dev.zksim.api.Watcher simulatedDefaultWatcher() {
        return client.watchManager().defaultWatcher().orElse(event -> { });
    }

    // ---- create ----

    @Override
    public String create(String path, byte[] data, List<ACL> acl, CreateMode mode)
            throws KeeperException, InterruptedException {
        checkAcl(acl);
        return Calls.await(client.create(path, data, Conversions.mode(mode)));
    }

    @Override
    public String create(String path, byte[] data, List<ACL> acl, CreateMode mode, Stat stat)
            throws KeeperException, InterruptedException {
        return create(path, data, acl, mode, stat, -1);
    }

    @Override
    public String create(String path, byte[] data, List<ACL> acl, CreateMode mode, Stat stat, long ttl)
            throws KeeperException, InterruptedException {
        checkTtl(mode, ttl);
        checkAcl(acl);
        ZooKeeperClient.Created created = Calls.await(createWithStat(path, data, mode, ttl));
        Conversions.copyInto(created.stat(), stat);
        return created.path();
    }

    @Override
    public void create(String path, byte[] data, List<ACL> acl, CreateMode mode, AsyncCallback.StringCallback cb,
            Object ctx) {
        if (acl == null || acl.isEmpty()) {
            Calls.deliverFailure(events, KeeperException.Code.INVALIDACL, (rc, v) -> cb.processResult(rc, path, ctx, null));
            return;
        }
        Calls.deliver(events, client.create(path, data, simulatedMode(mode)),
                (rc, name) -> cb.processResult(rc, path, ctx, name));
    }

    @Override
    public void create(String path, byte[] data, List<ACL> acl, CreateMode mode, AsyncCallback.Create2Callback cb,
            Object ctx) {
        create(path, data, acl, mode, cb, ctx, -1);
    }

    @Override
    public void create(String path, byte[] data, List<ACL> acl, CreateMode mode, AsyncCallback.Create2Callback cb,
            Object ctx, long ttl) {
        checkTtl(mode, ttl);
        if (acl == null || acl.isEmpty()) {
            Calls.deliverFailure(events, KeeperException.Code.INVALIDACL,
                    (rc, v) -> cb.processResult(rc, path, ctx, null, null));
            return;
        }
        Calls.deliver(events, createWithStat(path, data, mode, ttl), (rc, created) -> {
            if (created == null) {
                cb.processResult(rc, path, ctx, null, null);
            } else {
                cb.processResult(rc, path, ctx, created.path(), Conversions.stat(created.stat()));
            }
        });
    }

    private static void checkAcl(List<ACL> acl) throws KeeperException {
        if (acl == null || acl.isEmpty()) {
            throw new KeeperException.InvalidACLException();
        }
    }

    // The official client rejects a ttl with a mode that has none before sending anything.
    private static void checkTtl(CreateMode mode, long ttl) {
        if (!mode.isTTL() && ttl >= 0) {
            throw new IllegalArgumentException("ttl not valid for mode: " + mode);
        }
    }

    /** create2, or createTTL for a TTL mode; the simulated client checks the ttl as ZooKeeper's does. */
    private java.util.concurrent.CompletionStage<ZooKeeperClient.Created> createWithStat(String path, byte[] data,
            CreateMode mode, long ttl) {
        return mode.isTTL() ? client.createWithTtl(path, data, Conversions.mode(mode), ttl)
                : client.createWithStat(path, data, Conversions.mode(mode));
    }

    private static dev.zksim.api.CreateMode simulatedMode(CreateMode mode) {
        return dev.zksim.api.CreateMode.fromFlag(mode.toFlag());
    }

    // ---- delete, setData, sync ----

    @Override
    public void delete(String path, int version) throws InterruptedException, KeeperException {
        Calls.await(client.delete(path, version));
    }

    @Override
    public void delete(String path, int version, AsyncCallback.VoidCallback cb, Object ctx) {
        Calls.deliver(events, client.delete(path, version), (rc, v) -> cb.processResult(rc, path, ctx));
    }

    @Override
    public Stat setData(String path, byte[] data, int version) throws KeeperException, InterruptedException {
        return Conversions.stat(Calls.await(client.setData(path, data, version)));
    }

    @Override
    public void setData(String path, byte[] data, int version, AsyncCallback.StatCallback cb, Object ctx) {
        Calls.deliver(events, client.setData(path, data, version),
                (rc, stat) -> cb.processResult(rc, path, ctx, Conversions.stat(stat)));
    }

    @Override
    public void sync(String path) throws KeeperException, InterruptedException {
        Calls.await(client.sync(path));
    }

    @Override
    public void sync(String path, AsyncCallback.VoidCallback cb, Object ctx) {
        Calls.deliver(events, client.sync(path), (rc, v) -> cb.processResult(rc, path, ctx));
    }

    // ---- exists, getData ----

    @Override
    public Stat exists(String path, Watcher watcher) throws KeeperException, InterruptedException {
        return Conversions.stat(Calls.await(client.exists(path, watcher(watcher))));
    }

    @Override
    public Stat exists(String path, boolean watch) throws KeeperException, InterruptedException {
        return Conversions.stat(Calls.await(client.exists(path, watch)));
    }

    @Override
    public void exists(String path, Watcher watcher, AsyncCallback.StatCallback cb, Object ctx) {
        Calls.deliver(events, client.exists(path, watcher(watcher)), (rc, stat) -> existsResult(cb, path, ctx, rc, stat));
    }

    @Override
    public void exists(String path, boolean watch, AsyncCallback.StatCallback cb, Object ctx) {
        Calls.deliver(events, client.exists(path, watch), (rc, stat) -> existsResult(cb, path, ctx, rc, stat));
    }

    // The asynchronous exists reports a missing node as NoNode, the synchronous one as null.
    private static void existsResult(AsyncCallback.StatCallback cb, String path, Object ctx, int rc,
            dev.zksim.api.Stat stat) {
        int code = rc == 0 && stat == null ? KeeperException.Code.NONODE.intValue() : rc;
        cb.processResult(code, path, ctx, Conversions.stat(stat));
    }

    @Override
    public byte[] getData(String path, Watcher watcher, Stat stat) throws KeeperException, InterruptedException {
        ZooKeeperClient.DataAndStat reply = Calls.await(client.getData(path, watcher(watcher)));
        Conversions.copyInto(reply.stat(), stat);
        return reply.data();
    }

    @Override
    public byte[] getData(String path, boolean watch, Stat stat) throws KeeperException, InterruptedException {
        ZooKeeperClient.DataAndStat reply = Calls.await(client.getData(path, watch));
        Conversions.copyInto(reply.stat(), stat);
        return reply.data();
    }

    @Override
    public void getData(String path, Watcher watcher, AsyncCallback.DataCallback cb, Object ctx) {
        Calls.deliver(events, client.getData(path, watcher(watcher)), (rc, reply) -> dataResult(cb, path, ctx, rc, reply));
    }

    @Override
    public void getData(String path, boolean watch, AsyncCallback.DataCallback cb, Object ctx) {
        Calls.deliver(events, client.getData(path, watch), (rc, reply) -> dataResult(cb, path, ctx, rc, reply));
    }

    private static void dataResult(AsyncCallback.DataCallback cb, String path, Object ctx, int rc,
            ZooKeeperClient.DataAndStat reply) {
        if (reply == null) {
            cb.processResult(rc, path, ctx, null, null);
        } else {
            cb.processResult(rc, path, ctx, reply.data(), Conversions.stat(reply.stat()));
        }
    }

    // ---- getChildren ----

    @Override
    public List<String> getChildren(String path, Watcher watcher) throws KeeperException, InterruptedException {
        return Conversions.names(Calls.await(client.getChildren(path, watcher(watcher))));
    }

    @Override
    public List<String> getChildren(String path, boolean watch) throws KeeperException, InterruptedException {
        return Conversions.names(Calls.await(client.getChildren(path, watch)));
    }

    @Override
    public List<String> getChildren(String path, Watcher watcher, Stat stat)
            throws KeeperException, InterruptedException {
        ZooKeeperClient.ChildrenAndStat reply = Calls.await(client.getChildren2(path, watcher(watcher)));
        Conversions.copyInto(reply.stat(), stat);
        return Conversions.names(reply.children());
    }

    @Override
    public List<String> getChildren(String path, boolean watch, Stat stat) throws KeeperException, InterruptedException {
        ZooKeeperClient.ChildrenAndStat reply = Calls.await(client.getChildren2(path, watch));
        Conversions.copyInto(reply.stat(), stat);
        return Conversions.names(reply.children());
    }

    @Override
    public void getChildren(String path, Watcher watcher, AsyncCallback.ChildrenCallback cb, Object ctx) {
        Calls.deliver(events, client.getChildren(path, watcher(watcher)),
                (rc, children) -> cb.processResult(rc, path, ctx, Conversions.names(children)));
    }

    @Override
    public void getChildren(String path, boolean watch, AsyncCallback.ChildrenCallback cb, Object ctx) {
        Calls.deliver(events, client.getChildren(path, watch), (rc, children) -> cb.processResult(rc, path, ctx,
                Conversions.names(children)));
    }

    @Override
    public void getChildren(String path, Watcher watcher, AsyncCallback.Children2Callback cb, Object ctx) {
        Calls.deliver(events, client.getChildren2(path, watcher(watcher)), (rc, reply) -> childrenResult(cb, path, ctx, rc, reply));
    }

    @Override
    public void getChildren(String path, boolean watch, AsyncCallback.Children2Callback cb, Object ctx) {
        Calls.deliver(events, client.getChildren2(path, watch), (rc, reply) -> childrenResult(cb, path, ctx, rc, reply));
    }

    private static void childrenResult(AsyncCallback.Children2Callback cb, String path, Object ctx, int rc,
            ZooKeeperClient.ChildrenAndStat reply) {
        if (reply == null) {
            cb.processResult(rc, path, ctx, null, null);
        } else {
            cb.processResult(rc, path, ctx, Conversions.names(reply.children()), Conversions.stat(reply.stat()));
        }
    }

    // ---- multi (transaction() commits through these) ----

    @Override
    public List<OpResult> multi(Iterable<Op> ops) throws InterruptedException, KeeperException {
        return Conversions.results(Calls.await(client.multi(Conversions.ops(ops))));
    }

    @Override
    public void multi(Iterable<Op> ops, AsyncCallback.MultiCallback cb, Object ctx) {
        List<dev.zksim.api.Op> converted;
        try {
            converted = Conversions.ops(ops);
        } catch (KeeperException e) {
            Calls.deliverFailure(events, e.code(), (rc, v) -> cb.processResult(rc, null, ctx, null));
            return;
        }
        client.multi(converted).whenComplete((results, failure) -> events.post(() -> {
            if (failure == null) {
                cb.processResult(KeeperException.Code.OK.intValue(), null, ctx, Conversions.results(results));
            } else {
                KeeperException e = Conversions.keeperFailure(failure);
                cb.processResult(e.code().intValue(), null, ctx, e.getResults());
            }
        }));
    }

    // ---- session ----

    @Override
    public long getSessionId() {
        return client.sessionId();
    }

    @Override
    public int getSessionTimeout() {
        return client.sessionTimeout();
    }

    /** The simulated ensemble has no session passwords; reconnecting by id and password is not offered. */
    @Override
    public byte[] getSessionPasswd() {
        return new byte[16];
    }

    @Override
    public synchronized void register(Watcher watcher) {
        this.defaultWatcher = watcher;
    }

    @Override
    public States getState() {
        ClientState state = client.state();
        return switch (state) {
            case CONNECTING -> States.CONNECTING;
            case CONNECTED -> States.CONNECTED;
            case CLOSED -> States.CLOSED;
        };
    }

    /**
     * Ends the session. On a simulated thread it blocks until the close completes, like the
     * official client; on the simulation thread it starts the close and returns, because
     * nothing can block there.
     */
    @Override
    public void close() throws InterruptedException {
        if (client.state() == ClientState.CLOSED) {
            events.end();
            return;
        }
        java.util.concurrent.CompletionStage<Void> closing = client.close();
        if (dev.zksim.official.threads.SimulatedThreads.onSimulatedThread()) {
            try {
                Calls.await(closing);
            } catch (KeeperException e) {
                // The official close() reports no failure; the session is gone either way.
            }
        }
        events.end();
    }

    @Override
    public boolean close(int waitForShutdownTimeoutMs) throws InterruptedException {
        close();
        return true;
    }

    @Override
    public String toString() {
        return "SimulatedZooKeeper[session=0x" + Long.toHexString(getSessionId()) + ", state=" + getState() + "]";
    }

    @Override
    EventThread eventThread() {
        return events;
    }
}

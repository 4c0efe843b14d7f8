package dev.zksim.official;

import java.util.List;
import org.apache.zookeeper.AddWatchMode;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.client.ZKClientConfig;
import org.apache.zookeeper.client.ZooKeeperSaslClient;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.ClientInfo;
import org.apache.zookeeper.data.Stat;

/**
 * The calls ZooKeeper 3.5 and 3.6 added (watch removal, addWatch, getEphemerals and
 * getAllChildrenNumber, served by the simulated ensemble), and the part of the
 * API the simulated ensemble does not serve: ACLs, authentication, dynamic reconfiguration
 * and SASL. Server operations it does not serve answer
 * {@code Unimplemented} (code -6), as a server without the feature does, so callers see a
 * ZooKeeper error rather than a silently wrong answer; purely local accessors that code
 * commonly calls at start-up answer harmlessly and say so.
 */
abstract class ExtendedApi extends ZooKeeper {

    /** Never runs: the drop-in is allocated without a constructor call. */
    ExtendedApi() throws java.io.IOException {
        super(null, 0, null);
        throw new AssertionError("allocated without a constructor call");
    }

    /** The handle's event thread, where callbacks run. */
    abstract EventThread eventThread();

    /** The simulated handle behind this one. */
    public abstract dev.zksim.api.ZooKeeperClient simulated();


    @Override
    public List<String> getEphemerals() throws KeeperException, InterruptedException {
        return getEphemerals("/");
    }

    @Override
    public List<String> getEphemerals(String prefixPath) throws KeeperException, InterruptedException {
        return Conversions.names(Calls.await(simulated().getEphemerals(prefixPath)));
    }

    @Override
    public void getEphemerals(AsyncCallback.EphemeralsCallback cb, Object ctx) {
        getEphemerals("/", cb, ctx);
    }

    @Override
    public void getEphemerals(String prefixPath, AsyncCallback.EphemeralsCallback cb, Object ctx) {
        Calls.deliver(eventThread(), simulated().getEphemerals(prefixPath), (rc, paths) -> cb.processResult(rc, ctx,
                Conversions.names(paths)));
    }

    @Override
    public int getAllChildrenNumber(String path) throws KeeperException, InterruptedException {
        return Calls.await(simulated().getAllChildrenNumber(path));
    }

    @Override
    public void getAllChildrenNumber(String path, AsyncCallback.AllChildrenNumberCallback cb, Object ctx) {
        Calls.deliver(eventThread(), simulated().getAllChildrenNumber(path),
                (rc, number) -> cb.processResult(rc, path, ctx, number == null ? -1 : number));
    }

    @Override
    public void addWatch(String basePath, Watcher watcher, AddWatchMode mode)
            throws KeeperException, InterruptedException {
        Calls.await(simulated().addWatch(basePath, simulatedWatcher(watcher), recursive(mode)));
    }

    @Override
    public void addWatch(String basePath, AddWatchMode mode) throws KeeperException, InterruptedException {
        Calls.await(simulated().addWatch(basePath, simulatedDefaultWatcher(), recursive(mode)));
    }

    @Override
    public void addWatch(String basePath, Watcher watcher, AddWatchMode mode, AsyncCallback.VoidCallback cb, Object ctx) {
        Calls.deliver(eventThread(), simulated().addWatch(basePath, simulatedWatcher(watcher), recursive(mode)),
                (rc, v) -> cb.processResult(rc, basePath, ctx));
    }

    @Override
    public void addWatch(String basePath, AddWatchMode mode, AsyncCallback.VoidCallback cb, Object ctx) {
        Calls.deliver(eventThread(), simulated().addWatch(basePath, simulatedDefaultWatcher(), recursive(mode)),
                (rc, v) -> cb.processResult(rc, basePath, ctx));
    }

    private static boolean recursive(AddWatchMode mode) {
        return mode == AddWatchMode.PERSISTENT_RECURSIVE;
    }

    /** The simulated library's view of a user's Watcher on this handle. */
    abstract dev.zksim.api.Watcher simulatedWatcher(Watcher watcher);

    /** The simulated handle's default watcher, which passes events on to this handle's. */
    abstract dev.zksim.api.Watcher simulatedDefaultWatcher();

    @Override
    public void removeWatches(String path, Watcher watcher, Watcher.WatcherType type, boolean local)
            throws KeeperException, InterruptedException {
        Calls.await(simulated().removeWatches(path, removableWatcher(watcher), watcherType(type), local));
    }

    @Override
    public void removeWatches(String path, Watcher watcher, Watcher.WatcherType type, boolean local,
            AsyncCallback.VoidCallback cb, Object ctx) {
        Calls.deliver(eventThread(), simulated().removeWatches(path, removableWatcher(watcher), watcherType(type), local),
                (rc, v) -> cb.processResult(rc, path, ctx));
    }

    @Override
    public void removeAllWatches(String path, Watcher.WatcherType type, boolean local)
            throws KeeperException, InterruptedException {
        Calls.await(simulated().removeAllWatches(path, watcherType(type), local));
    }

    @Override
    public void removeAllWatches(String path, Watcher.WatcherType type, boolean local, AsyncCallback.VoidCallback cb,
            Object ctx) {
        Calls.deliver(eventThread(), simulated().removeAllWatches(path, watcherType(type), local),
                (rc, v) -> cb.processResult(rc, path, ctx));
    }

    /** ZooKeeper refuses a null Watcher before it looks at the path. */
    private dev.zksim.api.Watcher removableWatcher(Watcher watcher) {
        if (watcher == null) {
            throw new IllegalArgumentException("Invalid Watcher, shouldn't be null!");
        }
        return simulatedWatcherToRemove(watcher);
    }

    private static dev.zksim.api.WatcherType watcherType(Watcher.WatcherType type) {
        return dev.zksim.api.WatcherType.fromInt(type.getIntValue());
    }

    /**
     * The simulated library's Watcher that a user's Watcher was registered as: the handle's
     * default watcher stands for the Watcher given to the constructor ({@code watch = true}).
     */
    abstract dev.zksim.api.Watcher simulatedWatcherToRemove(Watcher watcher);

    @Override
    public List<ACL> getACL(String path, Stat stat) throws KeeperException {
        throw new KeeperException.UnimplementedException();
    }

    @Override
    public void getACL(String path, Stat stat, AsyncCallback.ACLCallback cb, Object ctx) {
        Calls.deliverFailure(eventThread(), KeeperException.Code.UNIMPLEMENTED, (rc, v) -> cb.processResult(rc, path, ctx, null, null));
    }

    @Override
    public Stat setACL(String path, List<ACL> acl, int aclVersion) throws KeeperException {
        throw new KeeperException.UnimplementedException();
    }

    @Override
    public void setACL(String path, List<ACL> acl, int version, AsyncCallback.StatCallback cb, Object ctx) {
        Calls.deliverFailure(eventThread(), KeeperException.Code.UNIMPLEMENTED, (rc, v) -> cb.processResult(rc, path, ctx, null));
    }

    @Override
    public byte[] getConfig(Watcher watcher, Stat stat) throws KeeperException {
        throw new KeeperException.UnimplementedException();
    }

    @Override
    public byte[] getConfig(boolean watch, Stat stat) throws KeeperException {
        throw new KeeperException.UnimplementedException();
    }

    @Override
    public void getConfig(Watcher watcher, AsyncCallback.DataCallback cb, Object ctx) {
        Calls.deliverFailure(eventThread(), KeeperException.Code.UNIMPLEMENTED,
                (rc, v) -> cb.processResult(rc, "/zookeeper/config", ctx, null, null));
    }

    @Override
    public void getConfig(boolean watch, AsyncCallback.DataCallback cb, Object ctx) {
        getConfig((Watcher) null, cb, ctx);
    }

    /** The simulated ensemble has no authentication: every node is open, so this changes nothing. */
    @Override
    public void addAuthInfo(String scheme, byte[] auth) {
    }

    @Override
    public synchronized List<ClientInfo> whoAmI() {
        throw new UnsupportedOperationException("whoAmI: the simulated ensemble has no authentication");
    }

    /** A default configuration: the simulated client reads none of it. */
    @Override
    public ZKClientConfig getClientConfig() {
        return new ZKClientConfig();
    }

    /** No SASL in the simulation. */
    @Override
    public ZooKeeperSaslClient getSaslClient() {
        return null;
    }

    /** The simulated client's servers are the ensemble's; rebalancing to a new list is not simulated. */
    @Override
    public void updateServerList(String connectString) {
        throw new UnsupportedOperationException("updateServerList: the simulated client's servers are the ensemble's");
    }

    /**
     * ZooKeeper's test hook, as far as client libraries use it: Curator injects a session
     * expiration when its own timer declares the session lost while SUSPENDED, and that runs as
     * in ZooKeeper (Expired on this side, the servers' session left to time out). Queueing
     * arbitrary events is not offered: inject faults through the ensemble's faults() instead.
     */
    @Override
    public org.apache.zookeeper.Testable getTestable() {
        return new org.apache.zookeeper.Testable() {
            @Override
            public void injectSessionExpiration() {
                if (!(simulated() instanceof dev.zksim.client.SimZooKeeper handle)) {
                    throw new UnsupportedOperationException("injectSessionExpiration needs a simulated handle");
                }
                handle.injectSessionExpiration();
            }

            @Override
            public void queueEvent(org.apache.zookeeper.WatchedEvent event) {
                throw new UnsupportedOperationException("Testable.queueEvent: inject faults through the ensemble's"
                        + " faults() instead");
            }
        };
    }
}

package dev.zksim.workload;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.Op;
import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletionStage;

/**
 * A ZooKeeper handle that passes every call through and records, as a WOKEN notification
 * with value (path, zxid), each node-deletion event that woke the client: delivered to a
 * watcher the recipe set, and answered by the recipe with a new request (a re-read). The
 * herd checker groups these by the deleting transaction to count how many clients one
 * deletion set to work. Two kinds of event are left out on purpose: a client's own
 * deletions (the releaser hearing that its own node is gone is not a waiter being woken),
 * and events the recipe ignores, such as the leftover watch of an acquisition the client
 * gave up, which cost one notification but no work.
 */
public final class WatchTap implements ZooKeeperClient {
    /** A watch on someone else's node fired because the node was deleted. */
    public static final OpKind WOKEN = new OpKind("WOKEN");

    private final ZooKeeperClient zk;
    private final ClientLog log;
    private final TreeSet<String> deleting = new TreeSet<>();
    // Keyed by identity and never iterated: the same recipe watcher must map to the same
    // wrapper, or the server would register it twice where ZooKeeper dedupes it.
    private final Map<Watcher, Watcher> wrappers = new IdentityHashMap<>();
    private long requests;

    public WatchTap(ZooKeeperClient zk, ClientLog log) {
        this.zk = zk;
        this.log = log;
    }

    private Watcher tapped(Watcher watcher) {
        if (watcher == null) {
            return null;
        }
        return wrappers.computeIfAbsent(watcher, original -> event -> {
            boolean deleted = event.type() == EventType.NodeDeleted;
            boolean own = deleted && deleting.remove(event.path());
            long before = requests;
            original.process(event);
            if (deleted && !own && requests > before) {
                log.notify(WOKEN, Value.tuple(Value.of(event.path()), Value.of(event.zxid())));
            }
        });
    }

    @Override
    public CompletionStage<String> create(String path, byte[] data, CreateMode mode) {
        requests++;
        return zk.create(path, data, mode);
    }

    @Override
    public CompletionStage<Created> createWithStat(String path, byte[] data, CreateMode mode) {
        requests++;
        return zk.createWithStat(path, data, mode);
    }

    @Override
    public CompletionStage<Void> delete(String path, int version) {
        requests++;
        deleting.add(path);
        return zk.delete(path, version);
    }

    @Override
    public CompletionStage<Stat> exists(String path, Watcher watcher) {
        requests++;
        return zk.exists(path, tapped(watcher));
    }

    @Override
    public CompletionStage<Stat> exists(String path, boolean watch) {
        requests++;
        return zk.exists(path, watch);
    }

    @Override
    public CompletionStage<DataAndStat> getData(String path, Watcher watcher) {
        requests++;
        return zk.getData(path, tapped(watcher));
    }

    @Override
    public CompletionStage<DataAndStat> getData(String path, boolean watch) {
        requests++;
        return zk.getData(path, watch);
    }

    @Override
    public CompletionStage<Stat> setData(String path, byte[] data, int version) {
        requests++;
        return zk.setData(path, data, version);
    }

    @Override
    public CompletionStage<List<String>> getChildren(String path, Watcher watcher) {
        requests++;
        return zk.getChildren(path, tapped(watcher));
    }

    @Override
    public CompletionStage<List<String>> getChildren(String path, boolean watch) {
        requests++;
        return zk.getChildren(path, watch);
    }

    @Override
    public CompletionStage<ChildrenAndStat> getChildren2(String path, Watcher watcher) {
        requests++;
        return zk.getChildren2(path, tapped(watcher));
    }

    @Override
    public CompletionStage<ChildrenAndStat> getChildren2(String path, boolean watch) {
        requests++;
        return zk.getChildren2(path, watch);
    }

    @Override
    public CompletionStage<String> sync(String path) {
        requests++;
        return zk.sync(path);
    }

    @Override
    public CompletionStage<List<OpResult>> multi(List<Op> ops) {
        requests++;
        return zk.multi(ops);
    }

    @Override
    public CompletionStage<Void> close() {
        requests++;
        return zk.close();
    }

    @Override
    public long sessionId() {
        return zk.sessionId();
    }

    @Override
    public int sessionTimeout() {
        return zk.sessionTimeout();
    }
}

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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * A ZooKeeper handle that passes every call through and records, as a WOKEN notification
 * with value (path, zxid), each node-deletion event that woke the client: delivered to a
 * watcher the recipe set, and answered by the recipe with a new request (a re-read). The
 * herd checker groups these by the deleting transaction to count how many clients one
 * deletion set to work. Two kinds of event are left out on purpose: the deletion of the
 * client's own node, and events the recipe ignores, such as the leftover watch of an
 * acquisition the client gave up, which cost one notification but no work.
 *
 * <p>A node is the client's own if the client deleted it (the releaser hearing that its node
 * is gone), created it, or if the Stat that came back with the watch shows its session as
 * the ephemeral owner. The last case covers a node whose create reply was lost and was
 * adopted from a listing, and matters when the session expires: the servers delete its
 * ephemerals and the owner's watch on its own node fires before it hears Expired; the owner
 * then cleans up (a request), but it was never waiting for that node.
 */
public final class WatchTap implements ZooKeeperClient {
    /** A watch on someone else's node fired because the node was deleted. */
    public static final OpKind WOKEN = new OpKind("WOKEN");

    private final ZooKeeperClient zk;
    private final ClientLog log;
    // Only added to and taken from, never listed: hash sets, since the paths of one parent share
    // a long prefix that a sorted set compares character by character at every step.
    private final Set<String> deleting = new LinkedHashSet<>();
    private final Set<String> owned = new LinkedHashSet<>();
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
            boolean own = deleted && (deleting.remove(event.path()) | owned.remove(event.path()));
            long before = requests;
            original.process(event);
            if (deleted && !own && requests > before) {
                log.notify(WOKEN, Value.tuple(Value.of(event.path()), Value.of(event.zxid())));
            }
        });
    }

    /**
     * Notes what the stage's answer shows this session owns, and returns the stage itself:
     * the caller gets the client's own future, not a second one completed from it, so a call
     * costs one future and its outcome (the same exception, unwrapped) reaches the caller
     * directly. The note runs after the caller's callbacks (a future runs its later
     * dependents first), which is soon enough: {@code owned} is read only when a deletion
     * event arrives, and no such event arrives while a reply's callbacks run.
     */
    private <T> CompletionStage<T> noting(CompletionStage<T> stage, Function<T, String> ownPath) {
        // handle rather than whenComplete: the stage it returns is dropped, and the one
        // whenComplete returns would wrap every error in a CompletionException, filling in a
        // stack trace for each failed call.
        stage.handle((answer, error) -> {
            if (error == null) {
                String path = ownPath.apply(answer);
                if (path != null) {
                    owned.add(path);
                }
            }
            return null;
        });
        return stage;
    }

    private String ifMine(String path, Stat stat) {
        return stat != null && stat.ephemeralOwner() != 0 && stat.ephemeralOwner() == zk.sessionId() ? path : null;
    }

    @Override
    public CompletionStage<String> create(String path, byte[] data, CreateMode mode) {
        requests++;
        return noting(zk.create(path, data, mode), created -> created);
    }

    @Override
    public CompletionStage<Created> createWithStat(String path, byte[] data, CreateMode mode) {
        requests++;
        return noting(zk.createWithStat(path, data, mode), Created::path);
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
        return watcher == null ? zk.exists(path, (Watcher) null)
                : noting(zk.exists(path, tapped(watcher)), stat -> ifMine(path, stat));
    }

    @Override
    public CompletionStage<Stat> exists(String path, boolean watch) {
        requests++;
        return zk.exists(path, watch);
    }

    @Override
    public CompletionStage<DataAndStat> getData(String path, Watcher watcher) {
        requests++;
        return watcher == null ? zk.getData(path, (Watcher) null)
                : noting(zk.getData(path, tapped(watcher)), read -> ifMine(path, read == null ? null : read.stat()));
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
    public CompletionStage<Void> addWatch(String path, Watcher watcher, boolean recursive) {
        requests++;
        return zk.addWatch(path, tapped(watcher), recursive);
    }

    @Override
    public CompletionStage<List<String>> getEphemerals(String prefixPath) {
        requests++;
        return zk.getEphemerals(prefixPath);
    }

    @Override
    public CompletionStage<Integer> getAllChildrenNumber(String path) {
        requests++;
        return zk.getAllChildrenNumber(path);
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

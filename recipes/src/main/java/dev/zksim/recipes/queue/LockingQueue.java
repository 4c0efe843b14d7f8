package dev.zksim.recipes.queue;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.KeeperState;
import dev.zksim.api.Op;
import dev.zksim.api.Stat;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.Retrying;
import dev.zksim.recipes.support.Stages;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The consumer side of a queue whose consumers lock each item while they process it, for
 * at-least-once delivery (as Curator's DistributedQueue does with a lock path): an item
 * leaves the queue only once its consumer says it was processed, so a consumer that dies
 * half-way loses nothing. Producers use {@link DistributedQueue#offer} on the same node.
 *
 * <p>Take: list {@code q} (with a child watch) in FIFO order; for each item in turn create
 * the EPHEMERAL lock {@code q-locks/<item>}; if another session holds it, skip the item (its
 * consumer may be processing it, or be cut off); once locked, read the item (NoNode: someone
 * processed it already, so unlock and go on) and hand it over. {@link #processed} then deletes
 * the item and its lock in one multi. A lost session drops its locks with it, and the items
 * they held are served again, so an item may be processed twice. The order is best effort: an
 * item locked by a consumer that was cut off is skipped, and later items overtake it.
 *
 * <p>A NodeExists on the lock create is this session's own lock when its ephemeral owner is
 * this session (a lost reply). When every listed item is locked by others, the consumer waits
 * for a change: a new item, or the deletion of a lock it ran into. One take at a time; nothing
 * here blocks.
 */
public final class LockingQueue {
    private final ZooKeeperClient zk;
    private final String path;
    private final String locks;
    private final byte[] me;
    private final Watcher changeWatcher = this::onChange;
    private List<String> cached = List.of();
    private CompletableFuture<DistributedQueue.Item> pending;
    private boolean waiting;
    /** Items of the current pass over a listing that other consumers hold locked. */
    private List<String> skipped = new ArrayList<>();
    /** A watch fired since the last listing was asked for. */
    private boolean changed;

    /**
     * @param path the queue node, shared with the producers' {@link DistributedQueue}
     * @param clientId unique per session: the locks carry it, for whoever reads them
     */
    public LockingQueue(ZooKeeperClient zk, String path, String clientId) {
        this.zk = zk;
        this.path = path;
        this.locks = path + "-locks";
        this.me = clientId.getBytes(StandardCharsets.UTF_8);
    }

    /** Creates the queue node and the locks node if they are missing. */
    public CompletionStage<Void> ensure() {
        return Retrying.call(() -> zk.create(path, null, CreateMode.PERSISTENT), Code.NODEEXISTS)
                .thenCompose(ignored -> Retrying.call(() -> zk.create(locks, null, CreateMode.PERSISTENT), Code.NODEEXISTS))
                .thenApply(ignored -> null);
    }

    /** Completes with the next item not locked by another consumer, locked by this one, waiting for one if need be. */
    public synchronized CompletionStage<DistributedQueue.Item> take() {
        if (pending != null && !pending.isDone()) {
            throw new IllegalStateException("one take at a time");
        }
        pending = new CompletableFuture<>();
        CompletableFuture<DistributedQueue.Item> mine = pending;
        skipped = new ArrayList<>();
        step();
        return mine;
    }

    /**
     * The item that {@link #take} returned was processed: it leaves the queue, and its lock
     * with it, in one multi. If the item is already gone (a consumer that took it over after
     * this one lost its lock processed it too), only the lock is deleted.
     */
    public CompletionStage<Void> processed(String item) {
        List<Op> ops = List.of(Op.delete(path + "/" + item, -1), Op.delete(lockPath(item), -1));
        return Retrying.call(() -> zk.multi(ops), Code.NONODE)
                .thenCompose(results -> Retrying.call(() -> zk.delete(lockPath(item), -1), Code.NONODE));
    }

    private void step() {
        if (cached.isEmpty()) {
            relist();
            return;
        }
        String item = cached.getFirst();
        cached = cached.subList(1, cached.size());
        lock(item);
    }

    /**
     * Lists the queue again. A listing whose every item the last pass found locked by others,
     * with no watch fired since, offers nothing new: the consumer then waits for a change (a
     * new item, or a lock it ran into deleted) instead of asking again at once.
     */
    private void relist() {
        changed = false;
        Retrying.call(() -> zk.getChildren(path, changeWatcher)).whenComplete((children, error) -> {
            synchronized (this) {
                if (error != null) {
                    fail(error);
                    return;
                }
                List<String> listed = ItemOrder.FIFO.order(children);
                boolean nothingNew = !changed && !skipped.isEmpty() && skipped.containsAll(listed);
                skipped = new ArrayList<>();
                cached = listed;
                if (listed.isEmpty() || nothingNew) {
                    waiting = true;
                } else {
                    step();
                }
            }
        });
    }

    private void lock(String item) {
        zk.create(lockPath(item), me, CreateMode.EPHEMERAL).whenComplete((created, error) -> {
            synchronized (this) {
                if (error == null) {
                    read(item);
                } else if (Stages.is(error, Code.NODEEXISTS)) {
                    checkOwner(item);
                } else if (Stages.isRecoverable(error)) {
                    lock(item);
                } else {
                    fail(error);
                }
            }
        });
    }

    /** The lock exists: this session's own (a lost reply), or another consumer's, whose deletion is then watched. */
    private void checkOwner(String item) {
        zk.exists(lockPath(item), changeWatcher).whenComplete((Stat stat, Throwable error) -> {
            synchronized (this) {
                if (error != null && Stages.isRecoverable(error)) {
                    checkOwner(item);
                } else if (error != null) {
                    fail(error);
                } else if (stat == null) {
                    lock(item);
                } else if (stat.ephemeralOwner() == zk.sessionId()) {
                    read(item);
                } else {
                    skipped.add(item);
                    step();
                }
            }
        });
    }

    private void read(String item) {
        Retrying.call(() -> zk.getData(path + "/" + item, false), Code.NONODE).whenComplete((read, error) -> {
            synchronized (this) {
                if (error != null) {
                    fail(error);
                } else if (read == null) {
                    Retrying.call(() -> zk.delete(lockPath(item), -1), Code.NONODE);
                    step();
                } else {
                    pending.complete(new DistributedQueue.Item(item, read.data()));
                }
            }
        });
    }

    private synchronized void onChange(WatchedEvent event) {
        if (event.type() == EventType.None) {
            if (event.state() == KeeperState.Expired || event.state() == KeeperState.Closed) {
                fail(KeeperException.create(Code.SESSIONEXPIRED, path));
            }
            return;
        }
        changed = true;
        if (waiting && pending != null && !pending.isDone()) {
            waiting = false;
            relist();
        }
    }

    private synchronized void fail(Throwable error) {
        waiting = false;
        cached = List.of();
        if (pending != null) {
            pending.completeExceptionally(Stages.unwrap(error));
        }
    }

    private String lockPath(String item) {
        return locks + "/" + item;
    }
}

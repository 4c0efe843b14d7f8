package com.example.coordination;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Op;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A user's own distributed queue, the recipes page's: an item is a PERSISTENT_SEQUENTIAL
 * node under the queue directory, and a consumer lists the children, takes the first in
 * order (read it, then delete it: whoever deletes it owns it) and waits for a child event
 * when the queue is empty. Two flavours:
 *
 * <ul>
 *   <li>{@link #fifo}: oldest first, exactly once. An offer whose reply is lost must not be
 *       repeated blindly (the first create may have been applied), so the item is created in
 *       one multi with a marker {@code <dir>-offered/<item>}: a repeated offer of an item
 *       already there fails as a whole with NODEEXISTS, which says it was offered.</li>
 *   <li>{@link #priority}: the lowest priority digit first, oldest first among equals, at
 *       least once: a repeated offer may enqueue an item twice, which this queue's users
 *       accept (their handlers are idempotent).</li>
 * </ul>
 *
 * <p>A take whose delete reply is lost cannot know whether it took the item; it fails with the
 * connection loss and the caller takes again. The order is the part users get wrong, so it is
 * a parameter: the broken variants pass the orders of two common mistakes.
 */
public final class SimpleQueue {
    /** Oldest first: by the sequence number ZooKeeper appended. */
    public static final Comparator<String> OLDEST_FIRST = Comparator.comparing(ZkNodes::sequence);
    /** Lowest priority digit first (names start {@code p<digit>-}), oldest first among equals. */
    public static final Comparator<String> MOST_URGENT_FIRST =
            Comparator.<String>comparingInt(name -> name.charAt(1)).thenComparing(OLDEST_FIRST);

    private final ZooKeeperClient zk;
    private final String dir;
    private final boolean priorities;
    private final Comparator<String> order;
    private CompletableFuture<String> take;
    private boolean waitingForItems;
    private final Watcher childWatcher = event -> childrenChanged();

    private SimpleQueue(ZooKeeperClient zk, String dir, boolean priorities, Comparator<String> order) {
        this.zk = zk;
        this.dir = dir;
        this.priorities = priorities;
        this.order = order;
    }

    /** A FIFO queue, exactly once, taking items in the given order (normally {@link #OLDEST_FIRST}). */
    public static SimpleQueue fifo(ZooKeeperClient zk, String dir, Comparator<String> order) {
        return new SimpleQueue(zk, dir, false, order);
    }

    /** A priority queue, at least once, taking items in the given order (normally {@link #MOST_URGENT_FIRST}). */
    public static SimpleQueue priority(ZooKeeperClient zk, String dir, Comparator<String> order) {
        return new SimpleQueue(zk, dir, true, order);
    }

    /** Offers an item (a short name without '/'); the priority 0..9 counts only for a priority queue. */
    public CompletionStage<Void> offer(String item, int priority) {
        byte[] data = item.getBytes(StandardCharsets.UTF_8);
        if (priorities) {
            return retryingCreate(dir + "/p" + priority + "-" + item + "-", data);
        }
        return offerOnce(item, data);
    }

    /** Takes the next item, waiting while the queue is empty. One take at a time. */
    public CompletionStage<String> take() {
        take = new CompletableFuture<>();
        CompletableFuture<String> mine = take;
        list(mine);
        return mine;
    }

    /**
     * The session is gone: a take waiting for items would wait on a dead handle for ever, so it
     * fails; the caller takes again on the new session. A take in the middle of a claim is left
     * to its own call, which fails with the session and so reports whether it is unsure.
     */
    public void sessionLost() {
        if (take != null && waitingForItems) {
            waitingForItems = false;
            take.completeExceptionally(KeeperException.create(KeeperException.Code.SESSIONEXPIRED, dir));
        }
    }

    private CompletionStage<Void> offerOnce(String item, byte[] data) {
        List<Op> ops = List.of(Op.create(dir + "/" + item + "-", data, CreateMode.PERSISTENT_SEQUENTIAL),
                Op.create(dir + "-offered/" + item, new byte[0], CreateMode.PERSISTENT));
        return zk.multi(ops).handle((results, error) -> {
            if (error == null || ZkNodes.code(error) == KeeperException.Code.NODEEXISTS) {
                return CompletableFuture.<Void>completedFuture(null);
            }
            if (ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS) {
                return offerOnce(item, data);
            }
            if (ZkNodes.code(error) == KeeperException.Code.NONODE) {
                return ZkNodes.ensure(zk, dir).thenCompose(ok -> ZkNodes.ensure(zk, dir + "-offered"))
                        .thenCompose(ok -> offerOnce(item, data));
            }
            return CompletableFuture.<Void>failedFuture(error);
        }).thenCompose(stage -> stage);
    }

    private CompletionStage<Void> retryingCreate(String path, byte[] data) {
        return zk.create(path, data, CreateMode.PERSISTENT_SEQUENTIAL).handle((created, error) -> {
            if (error == null) {
                return CompletableFuture.<Void>completedFuture(null);
            }
            if (ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS) {
                return retryingCreate(path, data);
            }
            if (ZkNodes.code(error) == KeeperException.Code.NONODE) {
                return ZkNodes.ensure(zk, dir).thenCompose(ok -> retryingCreate(path, data));
            }
            return CompletableFuture.<Void>failedFuture(error);
        }).thenCompose(stage -> stage);
    }

    private void childrenChanged() {
        if (take != null && waitingForItems) {
            waitingForItems = false;
            list(take);
        }
    }

    private void list(CompletableFuture<String> mine) {
        zk.getChildren(dir, childWatcher).whenComplete((children, error) -> {
            if (mine.isDone()) {
                return;
            }
            if (error != null && ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS) {
                list(mine);
            } else if (error != null && ZkNodes.code(error) == KeeperException.Code.NONODE) {
                ZkNodes.ensure(zk, dir).whenComplete((ok, failure) -> list(mine));
            } else if (error != null) {
                mine.completeExceptionally(error);
            } else if (children.isEmpty()) {
                // The watch set by this listing calls list() again when an item arrives.
                waitingForItems = true;
            } else {
                claim(mine, children.stream().sorted(order).toList(), 0);
            }
        });
    }

    /** Tries the items in order: the first this consumer manages to delete is its own. */
    private void claim(CompletableFuture<String> mine, List<String> items, int next) {
        if (next == items.size()) {
            list(mine);
            return;
        }
        String path = dir + "/" + items.get(next);
        zk.getData(path, false).whenComplete((read, error) -> {
            if (error != null) {
                afterClaimError(mine, error, () -> claim(mine, items, next), () -> claim(mine, items, next + 1));
                return;
            }
            zk.delete(path, -1).whenComplete((ok, failure) -> {
                if (failure == null) {
                    mine.complete(new String(read.data(), StandardCharsets.UTF_8));
                } else if (ZkNodes.code(failure) == KeeperException.Code.NONODE) {
                    claim(mine, items, next + 1);
                } else {
                    // Unknown outcome on a lost reply: say so rather than guess.
                    mine.completeExceptionally(failure);
                }
            });
        });
    }

    private static void afterClaimError(CompletableFuture<String> mine, Throwable error, Runnable again,
            Runnable skip) {
        KeeperException.Code code = ZkNodes.code(error);
        if (code == KeeperException.Code.CONNECTIONLOSS) {
            again.run();
        } else if (code == KeeperException.Code.NONODE) {
            skip.run();
        } else {
            mine.completeExceptionally(error);
        }
    }
}

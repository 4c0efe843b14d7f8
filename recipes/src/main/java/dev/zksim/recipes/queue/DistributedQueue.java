package dev.zksim.recipes.queue;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.KeeperState;
import dev.zksim.api.Op;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.Retrying;
import dev.zksim.recipes.support.Stages;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A distributed queue on node {@code q} (recipes page, "Queues"), FIFO by default.
 *
 * <p>Producer: create {@code q/queue-} PERSISTENT_SEQUENTIAL. Consumer: {@code
 * getChildren(q, watch)}; take items from the lowest sequence number (read its data, then
 * delete it; NoNode means another consumer won, so try the next); list again only when the
 * list is used up, and if it is empty wait for the child event.
 *
 * <p>The page's plain form is not safe against a lost reply: a repeated create enqueues the
 * item twice, and a repeated delete answers NoNode, so the consumer that did take the item
 * believes it lost it and the item vanishes. The recipes page's guid trick (list the
 * children and adopt the node with your guid) does not work for a queue either, because a
 * fast consumer may already have taken the item. So each write carries a record in a ledger
 * node {@code q-ledger} in the same multi: an enqueue is (create the item, create
 * {@code offer-<guid>}) and a claim is (delete the item, create {@code take-<item>} holding
 * the consumer's id). A retry then learns the first attempt's fate from the record: the
 * offer record exists, or the taker record names this consumer. Records are deleted once
 * their writer knows the outcome. The {@code clientId} must be unique per session.
 *
 * <p>One {@link #take()} may be outstanding at a time. Nothing here blocks. The take
 * machinery is synchronized: on a real cluster the caller's thread starts a take while the
 * client's event thread may be handling a child event or a reply (in a simulation the
 * monitor is never contended).
 */
public final class DistributedQueue {
    /** A dequeued item: its node name and data. */
    public record Item(String name, byte[] data) {
    }

    private final ZooKeeperClient zk;
    private final String path;
    private final String ledger;
    private final ItemOrder order;
    private final byte[] me;
    private final String clientId;
    // One watcher object, so repeated listings collapse into one registration (reference 3.3).
    private final Watcher childWatcher = this::onChildEvent;
    private long offers;
    private List<String> cached = List.of();
    private boolean stale;
    private CompletableFuture<Item> pending;
    private boolean waitingForChildren;
    private boolean cancelRequested;

    public DistributedQueue(ZooKeeperClient zk, String path, String clientId) {
        this(zk, path, clientId, ItemOrder.FIFO);
    }

    public DistributedQueue(ZooKeeperClient zk, String path, String clientId, ItemOrder order) {
        this.zk = zk;
        this.path = path;
        this.ledger = path + "-ledger";
        this.order = order;
        this.clientId = clientId;
        this.me = clientId.getBytes(StandardCharsets.UTF_8);
    }

    /** Creates the queue and ledger nodes if they are missing. */
    public CompletionStage<Void> ensure() {
        return Retrying.call(() -> zk.create(path, null, CreateMode.PERSISTENT), Code.NODEEXISTS)
                .thenCompose(ignored -> Retrying.call(() -> zk.create(ledger, null, CreateMode.PERSISTENT), Code.NODEEXISTS))
                .thenApply(ignored -> null);
    }

    /** Producer: enqueues the item exactly once; the name is the order's prefix plus a counter. */
    public CompletionStage<Void> offer(byte[] data) {
        return offer(order.prefix(), data);
    }

    /** Producer: enqueues with a given item name prefix (the priority queue encodes the priority in it). */
    public synchronized CompletionStage<Void> offer(String itemPrefix, byte[] data) {
        String record = ledger + "/offer-" + clientId + "." + offers++;
        List<Op> ops = List.of(Op.create(path + "/" + itemPrefix, data, CreateMode.PERSISTENT_SEQUENTIAL),
                Op.create(record, null, CreateMode.PERSISTENT));
        CompletableFuture<Void> done = new CompletableFuture<>();
        attemptOffer(ops, record, done);
        return done;
    }

    private void attemptOffer(List<Op> ops, String record, CompletableFuture<Void> done) {
        zk.multi(ops).whenComplete((results, error) -> {
            switch (QueueDecision.afterOffer(codeOf(error))) {
                case QueueDecision.Offer.Enqueued enqueued -> {
                    done.complete(null);
                    Retrying.call(() -> zk.delete(record, -1), Code.NONODE);
                }
                case QueueDecision.Offer.Retry retry -> attemptOffer(ops, record, done);
                case QueueDecision.Offer.Fail fail -> done.completeExceptionally(KeeperException.create(fail.code(), path));
            }
        });
    }

    /** Consumer: completes with the next item, waiting for one if the queue is empty. */
    public synchronized CompletionStage<Item> take() {
        if (pending != null && !pending.isDone()) {
            throw new IllegalStateException("one take at a time");
        }
        pending = new CompletableFuture<>();
        cancelRequested = false;
        CompletableFuture<Item> mine = pending;
        step();
        return mine;
    }

    /**
     * Consumer: gives up the take under way (its caller timed out or was cancelled). While the
     * take only waits for an item or reads one, it fails at once, or at its next step, with a
     * CancellationException, and no item was taken. A claim already sent is seen through: if it
     * wins, the take completes with the item after all, because the item's node is gone and the
     * caller is the only one who can still deliver it. So an abandoned take never loses an item.
     */
    public synchronized void cancelTake() {
        if (pending == null || pending.isDone()) {
            return;
        }
        cancelRequested = true;
        if (waitingForChildren) {
            cancelled();
        }
    }

    /** Fails the take as given up, if its caller asked; true if it did. */
    private boolean cancelled() {
        if (!cancelRequested) {
            return false;
        }
        waitingForChildren = false;
        // The cache no longer holds an item this take read but did not claim: the next take
        // must list again, or it would serve a later item first.
        cached = List.of();
        pending.completeExceptionally(new CancellationException("the take was given up before it claimed an item"));
        return true;
    }

    private void step() {
        if (cancelled()) {
            return;
        }
        switch (QueueDecision.next(cached, stale)) {
            case QueueDecision.Next.Take take -> {
                cached = cached.subList(1, cached.size());
                read(take.item());
            }
            case QueueDecision.Next.Relist relist -> relist();
        }
    }

    private void relist() {
        stale = false;
        Retrying.call(() -> zk.getChildren(path, childWatcher)).whenComplete((children, error) -> {
            synchronized (this) {
                if (error != null) {
                    fail(error);
                    return;
                }
                cached = order.order(children);
                waitingForChildren = cached.isEmpty();
                if (!waitingForChildren) {
                    step();
                } else {
                    cancelled();
                }
            }
        });
    }

    private synchronized void onChildEvent(WatchedEvent event) {
        if (event.type() == EventType.None) {
            if (event.state() == KeeperState.Expired || event.state() == KeeperState.Closed) {
                fail(KeeperException.create(Code.SESSIONEXPIRED, path));
            }
            return;
        }
        stale |= order.dropCacheOnChange();
        if (waitingForChildren && pending != null && !pending.isDone()) {
            waitingForChildren = false;
            relist();
        }
    }

    private void read(String item) {
        Retrying.call(() -> zk.getData(path + "/" + item, false), Code.NONODE).whenComplete((read, error) -> {
            synchronized (this) {
                if (error != null) {
                    fail(error);
                } else if (read == null) {
                    step();
                } else if (!cancelled()) {
                    claim(new Item(item, read.data()), false);
                }
            }
        });
    }

    private void claim(Item item, boolean earlierReplyLost) {
        String taker = ledger + "/take-" + item.name();
        List<Op> ops = List.of(Op.delete(path + "/" + item.name(), -1), Op.create(taker, me, CreateMode.PERSISTENT));
        zk.multi(ops).whenComplete((results, error) -> onClaim(item, QueueDecision.afterClaim(codeOf(error), earlierReplyLost)));
    }

    private synchronized void onClaim(Item item, QueueDecision.Claim claim) {
        String taker = ledger + "/take-" + item.name();
        switch (claim) {
            case QueueDecision.Claim.Won won -> {
                pending.complete(item);
                Retrying.call(() -> zk.delete(taker, -1), Code.NONODE);
            }
            case QueueDecision.Claim.Gone gone -> step();
            case QueueDecision.Claim.Retry retry -> claim(item, true);
            case QueueDecision.Claim.CheckTaker check -> Retrying.call(() -> zk.getData(taker, false), Code.NONODE)
                    .whenComplete((read, error) -> {
                        if (error != null) {
                            fail(error);
                        } else {
                            onClaim(item, QueueDecision.afterTakerRead(read == null ? null : read.data(), me));
                        }
                    });
            case QueueDecision.Claim.Fail fail -> fail(KeeperException.create(fail.code(), path));
        }
    }

    private synchronized void fail(Throwable error) {
        if (pending != null) {
            pending.completeExceptionally(Stages.unwrap(error));
        }
    }

    /** The items of the last listing not yet tried, for tests and diagnostics. */
    public synchronized List<String> cached() {
        return new ArrayList<>(cached);
    }

    private static Code codeOf(Throwable error) {
        return error == null ? null : Stages.code(error).orElse(Code.SYSTEMERROR);
    }
}

package com.example.realbugs;

import com.example.coordination.ChildrenView;
import com.example.coordination.ZkNodes;
import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * Brokers registering as Kafka's do in ZooKeeper mode: each creates the EPHEMERAL node
 * {@code dir/<id>} and lists the directory with a watch to see who else is up. A create that
 * finds the node already there reads its owner: this session's own node (a create whose reply
 * was lost) counts as registered.
 *
 * <p>{@code failsOnForeignOwner} is KAFKA-14845 (and KAFKA-6584 before it): a node owned by
 * another session is taken for another broker with the same id, and the registration fails
 * for good (the broker shuts down). When the other session is this broker's own previous one,
 * whose close the servers have not yet applied, the broker stays out for ever. The fix waits
 * for such a node to go and registers then.
 */
public final class BrokerRegistry {
    private final ZooKeeperClient zk;
    private final String dir;
    private final String id;
    private final boolean failsOnForeignOwner;
    private final ChildrenView view;
    private boolean shutDown;

    public BrokerRegistry(ZooKeeperClient zk, String dir, String id, boolean failsOnForeignOwner,
            Consumer<List<String>> viewChanged) {
        this.zk = zk;
        this.dir = dir;
        this.id = id;
        this.failsOnForeignOwner = failsOnForeignOwner;
        this.view = new ChildrenView(zk, dir, viewChanged);
    }

    /** Registers (again) and (re)starts the view; fails for good once the broker has shut down. */
    public CompletionStage<Void> register() {
        if (shutDown) {
            return CompletableFuture.failedFuture(new IllegalStateException("the broker shut down: " + id
                    + " is registered by another session"));
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        ZkNodes.ensure(zk, dir).thenRun(() -> create(done));
        return done.thenRun(view::restart);
    }

    /** Deregisters: deletes the node if this session owns it. */
    public CompletionStage<Void> deregister() {
        view.stop();
        return ZkNodes.deleteIfOwned(zk, dir + "/" + id);
    }

    /** The brokers this one saw last, if it has listed them yet. */
    public Optional<List<String>> view() {
        return view.current();
    }

    private void create(CompletableFuture<Void> done) {
        zk.create(dir + "/" + id, ZkNodes.EMPTY, CreateMode.EPHEMERAL).whenComplete((created, error) -> {
            KeeperException.Code code = error == null ? KeeperException.Code.OK : ZkNodes.code(error);
            switch (code) {
                case OK -> done.complete(null);
                case NODEEXISTS, CONNECTIONLOSS -> whoseNode(done);
                default -> done.completeExceptionally(error);
            }
        });
    }

    /** The node is there, or the create's outcome is unknown: this session's, or another's. */
    private void whoseNode(CompletableFuture<Void> done) {
        Watcher gone = event -> {
            if (event.type() == EventType.NodeDeleted && !done.isDone()) {
                create(done);
            }
        };
        zk.exists(dir + "/" + id, gone).whenComplete((stat, error) -> {
            if (ZkNodes.connectionLoss(error)) {
                whoseNode(done);
            } else if (error != null) {
                done.completeExceptionally(error);
            } else if (stat == null) {
                create(done);
            } else if (stat.ephemeralOwner() == zk.sessionId()) {
                done.complete(null);
            } else if (failsOnForeignOwner) {
                shutDown = true;
                done.completeExceptionally(new IllegalStateException("node " + id + " exists for session 0x"
                        + Long.toHexString(stat.ephemeralOwner()) + ": the broker shuts down"));
            }
            // Otherwise another session's node: the watch creates again once it goes.
        });
    }
}

package com.example.realbugs;

import com.example.coordination.ZkNodes;
import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Op;
import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * A controller elected as Kafka's ZooKeeper-mode controller is: whoever creates the EPHEMERAL
 * node {@code /controller} (its data the broker's id) leads, bumps {@code /controller_epoch}
 * and writes shared state; the others watch {@code /controller} and try again when it goes.
 * Every request is retried through connection losses and into the next session, as Kafka's
 * ZooKeeper client does, so a write asked for in one term can land in a later one.
 */
public final class ZkController {

    /** A flaw Kafka's controller had, or none. */
    public enum Flaw {
        /** Fenced writes and a self-named node checked by its owner. */
        NONE,
        /**
         * KAFKA-6082 (fixed in 2.1.0): state writes are plain setData calls, so a write retried
         * after the controller's session expired lands after a newer controller's. The fix
         * sends each write as a multi that first checks the version of the epoch node.
         */
        UNFENCED_WRITES,
        /**
         * KAFKA-13407 (and KAFKA-4229): an election that finds {@code /controller} naming
         * this broker returns as if the failover were done. A create whose reply was lost,
         * retried, finds its own landed node that way, and nobody ever acts as controller.
         * The fix takes over when the node is its own session's.
         */
        SELF_NAMED_NODE_IGNORED
    }

    private static final String ROOT = "/kafka";
    private static final String CONTROLLER = ROOT + "/controller";
    private static final String EPOCH = ROOT + "/controller_epoch";
    /** How long a request waits before it is sent again after a connection loss or an expired session. */
    private static final long RETRY_AFTER_MICROS = 100_000;

    private final ZooKeeperClient zk;
    private final byte[] id;
    private final Flaw flaw;
    private final HoldListener listener;
    private final Runnable withdrawn;
    private final AppTimer timer;
    private final Watcher controllerChanged;
    private boolean running;
    private boolean leading;
    private boolean electing;
    private boolean suspended;
    private int epochVersion;

    /**
     * @param listener told when this candidate leads ({@code held} with the epoch), is suspended or lost
     * @param withdrawn told when a {@link #stop} has resigned
     */
    public ZkController(ZooKeeperClient zk, String brokerId, Flaw flaw, AppTimer timer, HoldListener listener,
            Runnable withdrawn) {
        this.withdrawn = withdrawn;
        this.zk = zk;
        this.timer = timer;
        this.id = brokerId.getBytes(StandardCharsets.UTF_8);
        this.flaw = flaw;
        this.listener = listener;
        this.controllerChanged = event -> {
            if (event.type() == EventType.NodeDeleted && running && !leading) {
                elect();
            }
        };
    }

    /** Enters the election. */
    public void start() {
        running = true;
        ZkNodes.ensure(zk, ROOT).thenCompose(ignored -> ZkNodes.ensure(zk, EPOCH)).thenRun(this::elect);
    }

    /** Resigns: deletes {@code /controller} if this session owns it. */
    public CompletionStage<Void> stop() {
        running = false;
        leading = false;
        // Retried blindly after a lost reply, the delete would take the next controller's node
        // (zksim found that in this class's first version): the owner is checked every time.
        return ZkNodes.deleteIfOwned(zk, CONTROLLER).whenComplete((ok, error) -> withdrawn.run());
    }

    /**
     * Writes the state as the controller of the current epoch; completes with the node's Stat,
     * or fails when a newer controller has taken over (the epoch check failed).
     */
    public CompletionStage<Stat> writeState(String path, byte[] state) {
        if (flaw == Flaw.UNFENCED_WRITES) {
            return retried(() -> zk.setData(path, state, -1));
        }
        List<Op> fenced = List.of(Op.check(EPOCH, epochVersion), Op.setData(path, state, -1));
        return retried(() -> zk.multi(fenced)).thenApply(results -> ((OpResult.SetDataResult) results.get(1)).stat());
    }

    /** The connection changed; {@code connected} false means suspended, and {@code lost} that the session is gone. */
    public void connectionChanged(boolean connected, boolean lost) {
        if (lost) {
            if (leading) {
                leading = false;
                listener.lost();
            }
        } else if (!connected && leading && !suspended) {
            suspended = true;
            listener.suspended();
        } else if (connected && leading && suspended) {
            suspended = false;
            confirm();
        } else if (connected && running && !leading) {
            elect();
        }
    }

    private void elect() {
        if (!running || leading || electing) {
            return;
        }
        electing = true;
        zk.create(CONTROLLER, id, CreateMode.EPHEMERAL).whenComplete((created, error) -> {
            if (error == null) {
                takeOver();
            } else if (ZkNodes.code(error) == KeeperException.Code.NODEEXISTS) {
                watchController();
            } else {
                electing = false;
                timer.after(RETRY_AFTER_MICROS, this::elect);
            }
        });
    }

    /** Someone's node is there: watch it, and take over if it is this session's own. */
    private void watchController() {
        zk.getData(CONTROLLER, controllerChanged).whenComplete((data, error) -> {
            if (error != null) {
                electing = false;
                timer.after(RETRY_AFTER_MICROS, this::elect);
                return;
            }
            boolean namesMe = Arrays.equals(data.data(), id);
            if (namesMe && flaw != Flaw.SELF_NAMED_NODE_IGNORED && data.stat().ephemeralOwner() == zk.sessionId()) {
                takeOver();
            } else {
                electing = false;
            }
        });
    }

    /**
     * Bumps the epoch and leads, unless the session that created {@code /controller} ended
     * meanwhile: the node went with it, and the next session elects again.
     */
    private void takeOver() {
        long session = zk.sessionId();
        retried(() -> zk.setData(EPOCH, ZkNodes.EMPTY, -1)).whenComplete((stat, error) -> {
            electing = false;
            if (error != null || !running) {
                return;
            }
            if (zk.sessionId() != session) {
                timer.after(RETRY_AFTER_MICROS, this::elect);
                return;
            }
            epochVersion = stat.version();
            leading = true;
            suspended = false;
            listener.held(epochVersion);
        });
    }

    /** Back from a disconnect: still the controller only if {@code /controller} is still this session's. */
    private void confirm() {
        zk.exists(CONTROLLER, controllerChanged).whenComplete((stat, error) -> {
            if (!leading || ZkNodes.connectionLoss(error)) {
                return;
            }
            if (stat != null && stat.ephemeralOwner() == zk.sessionId()) {
                listener.held(epochVersion);
            } else {
                leading = false;
                listener.lost();
                elect();
            }
        });
    }

    /** Kafka's client retries a request until it gets an answer, through reconnects and new sessions. */
    private <T> CompletionStage<T> retried(Supplier<CompletionStage<T>> request) {
        return request.get().handle((value, error) -> {
            if (error == null) {
                return CompletableFuture.completedFuture(value);
            }
            KeeperException.Code code = ZkNodes.code(error);
            if (code != KeeperException.Code.CONNECTIONLOSS && code != KeeperException.Code.SESSIONEXPIRED) {
                return CompletableFuture.<T>failedFuture(error);
            }
            CompletableFuture<T> again = new CompletableFuture<>();
            timer.after(RETRY_AFTER_MICROS, () -> retried(request).whenComplete((retriedValue, retriedError) -> {
                if (retriedError == null) {
                    again.complete(retriedValue);
                } else {
                    again.completeExceptionally(retriedError);
                }
            }));
            return again;
        }).thenCompose(stage -> stage);
    }
}

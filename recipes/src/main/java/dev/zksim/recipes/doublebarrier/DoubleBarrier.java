package dev.zksim.recipes.doublebarrier;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.doublebarrier.DoubleBarrierDecision.Enter;
import dev.zksim.recipes.doublebarrier.DoubleBarrierDecision.Leave;
import dev.zksim.recipes.support.Retrying;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One participant of a double barrier on node {@code b} with threshold {@code x} (recipes
 * page, "Double Barriers").
 *
 * <p>Enter:
 * <ol>
 * <li>{@code exists(b/ready, watch)};</li>
 * <li>create the ephemeral {@code b/<name>};</li>
 * <li>{@code L = getChildren(b)};</li>
 * <li>if L has fewer than x participants, wait for the ready watch;</li>
 * <li>otherwise create {@code b/ready} (NodeExists is fine: someone else did).</li>
 * </ol>
 * Leave:
 * <ol>
 * <li>{@code L = getChildren(b)}; if no participant is left, exit;</li>
 * <li>if only this participant is left, delete its node and exit;</li>
 * <li>if it is the lowest, wait for the highest to go; otherwise delete its node and wait
 * for the lowest to go;</li>
 * <li>repeat.</li>
 * </ol>
 * The ready node stays once created, so a barrier node is good for one round; use a fresh
 * {@code b} per round. Names must be unique per session: a NodeExists on the participant's
 * create is taken as this session's own create whose reply was lost. The barrier node is
 * created if missing. Nothing here blocks.
 */
public final class DoubleBarrier {
    private final ZooKeeperClient zk;
    private final String path;
    private final String name;
    private final int threshold;
    private final CompletableFuture<Void> entered = new CompletableFuture<>();
    private boolean readySeen;

    public DoubleBarrier(ZooKeeperClient zk, String path, String name, int threshold) {
        if (name.equals(DoubleBarrierDecision.READY) || threshold < 1) {
            throw new IllegalArgumentException("bad participant " + name + " or threshold " + threshold);
        }
        this.zk = zk;
        this.path = path;
        this.name = name;
        this.threshold = threshold;
    }

    /** Completes once the threshold is reached: the participant may start computing. */
    public CompletionStage<Void> enter() {
        Retrying.call(() -> zk.create(path, null, CreateMode.PERSISTENT), Code.NODEEXISTS)
                .thenCompose(ignored -> Retrying.call(() -> zk.exists(readyPath(), this::onReadyEvent)))
                .thenCompose(stat -> {
                    readySeen |= stat != null;
                    return Retrying.call(() -> zk.create(myPath(), null, CreateMode.EPHEMERAL), Code.NODEEXISTS);
                })
                .thenCompose(ignored -> Retrying.call(() -> zk.getChildren(path, false)))
                .thenAccept(this::decideEnter)
                .exceptionally(this::failEnter);
        return entered;
    }

    /** Completes once every participant has left; call after {@link #enter()} completed. */
    public CompletionStage<Void> leave() {
        CompletableFuture<Void> left = new CompletableFuture<>();
        leaveRound(left);
        return left;
    }

    private void onReadyEvent(WatchedEvent event) {
        if (event.type() == EventType.NodeCreated) {
            entered.complete(null);
        } else if (sessionOver(event)) {
            entered.completeExceptionally(KeeperException.create(Code.SESSIONEXPIRED, readyPath()));
        }
    }

    private void decideEnter(List<String> children) {
        switch (DoubleBarrierDecision.enter(children, threshold, readySeen)) {
            case Enter.Entered done -> entered.complete(null);
            case Enter.CreateReady create -> Retrying.call(
                    () -> zk.create(readyPath(), null, CreateMode.PERSISTENT), Code.NODEEXISTS)
                    .thenAccept(ignored -> entered.complete(null))
                    .exceptionally(this::failEnter);
            case Enter.Wait wait -> {
            }
        }
    }

    private Void failEnter(Throwable error) {
        entered.completeExceptionally(error);
        return null;
    }

    private void leaveRound(CompletableFuture<Void> left) {
        Retrying.call(() -> zk.getChildren(path, false)).whenComplete((children, error) -> {
            if (error != null) {
                left.completeExceptionally(error);
                return;
            }
            switch (DoubleBarrierDecision.leave(children, name)) {
                case Leave.Done done -> left.complete(null);
                case Leave.DeleteMineAndDone last -> deleteMine().whenComplete((ok, failure) -> finish(left, failure));
                case Leave.WaitFor wait -> waitGone(wait.node(), left);
                case Leave.DeleteMineAndWaitFor both -> deleteMine().whenComplete((ok, failure) -> {
                    if (failure != null) {
                        left.completeExceptionally(failure);
                    } else {
                        waitGone(both.node(), left);
                    }
                });
            }
        });
    }

    private CompletionStage<Void> deleteMine() {
        return Retrying.call(() -> zk.delete(myPath(), -1), Code.NONODE);
    }

    /** Waits for the node to disappear, then lists again (leave step 4 or 5). */
    private void waitGone(String node, CompletableFuture<Void> left) {
        Retrying.call(() -> zk.exists(path + "/" + node, event -> {
            if (event.type() != EventType.None) {
                leaveRound(left);
            } else if (sessionOver(event)) {
                left.completeExceptionally(KeeperException.create(Code.SESSIONEXPIRED, path));
            }
        })).whenComplete((stat, error) -> {
            if (error != null) {
                left.completeExceptionally(error);
            } else if (stat == null) {
                leaveRound(left);
            }
        });
    }

    private static void finish(CompletableFuture<Void> left, Throwable failure) {
        if (failure != null) {
            left.completeExceptionally(failure);
        } else {
            left.complete(null);
        }
    }

    private static boolean sessionOver(WatchedEvent event) {
        return event.type() == EventType.None
                && (event.state() == KeeperState.Expired || event.state() == KeeperState.Closed);
    }

    private String readyPath() {
        return path + "/" + DoubleBarrierDecision.READY;
    }

    private String myPath() {
        return path + "/" + name;
    }
}

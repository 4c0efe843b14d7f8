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
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

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
 * create is taken as this session's own create whose reply was lost. A name
 * {@code PARTICIPANT~INSTANCE} ({@link DoubleBarrierDecision#INSTANCE_SEPARATOR}) says which
 * participant the node stands for, and the threshold counts participants, not nodes: a node an
 * earlier session of the same participant left (it lives until the servers expire that
 * session) does not count it twice. The barrier node is created if missing. Nothing here
 * blocks.
 *
 * <p>An enter can be given up ({@link #cancelEnter()}): the participant withdraws its node, so
 * nobody goes in on its account, and the enter fails with a {@link CancellationException}.
 * Each enter step checks for a give-up before it sends its request, and a give-up that comes
 * while a step is in flight waits for that step, so the node is never created after it was
 * withdrawn. An instance enters once; after a give-up, enter with a new instance (and name).
 *
 * <p>A leave can be given up too ({@link #cancelLeave()}), as a caller whose timed leave ran
 * out does: the participant deletes its node, so nobody waits for it any more, and the leave
 * fails with a {@link CancellationException}. It no longer knows whether the others are done.
 */
public final class DoubleBarrier {
    private final ZooKeeperClient zk;
    private final String path;
    private final String name;
    private final int threshold;
    private final CompletableFuture<Void> entered = new CompletableFuture<>();
    private boolean readySeen;
    private boolean givingUp;
    private boolean stepInFlight;
    private boolean withdrawing;
    private CompletableFuture<Void> leaving;
    private boolean leaveStopped;

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
        step(() -> Retrying.call(() -> zk.create(path, null, CreateMode.PERSISTENT), Code.NODEEXISTS))
                .thenCompose(ignored -> step(() -> Retrying.call(() -> zk.exists(readyPath(), this::onReadyEvent))))
                .thenCompose(stat -> {
                    readySeen |= stat != null;
                    return step(() -> Retrying.call(() -> zk.create(myPath(), null, CreateMode.EPHEMERAL), Code.NODEEXISTS));
                })
                .thenCompose(ignored -> step(() -> Retrying.call(() -> zk.getChildren(path, false))))
                .thenAccept(this::decideEnter)
                .exceptionally(this::failEnter);
        return entered;
    }

    /**
     * Gives the enter up unless it already went through: once no enter step is in flight, the
     * participant's node is deleted and only then does the enter fail with a
     * {@link CancellationException}, so a participant reported gone no longer counts.
     */
    public void cancelEnter() {
        if (entered.isDone() || givingUp) {
            return;
        }
        givingUp = true;
        if (!stepInFlight) {
            withdraw();
        }
    }

    /** Sends one enter step's request, unless the enter was given up before it went through. */
    private <T> CompletionStage<T> step(Supplier<CompletionStage<T>> request) {
        if (givenUpBeforeEntering()) {
            withdraw();
            return CompletableFuture.failedFuture(new CancellationException("enter given up"));
        }
        stepInFlight = true;
        return request.get().whenComplete((value, error) -> stepInFlight = false);
    }

    /** A give-up counts until the participant got in; after that it comes too late. */
    private boolean givenUpBeforeEntering() {
        return givingUp && !entered.isDone();
    }

    private void withdraw() {
        if (withdrawing) {
            return;
        }
        withdrawing = true;
        deleteMine().whenComplete((ok, error) -> entered.completeExceptionally(
                error != null ? error : new CancellationException("gave up entering " + path)));
    }

    /** Completes once every participant has left; call after {@link #enter()} completed. */
    public CompletionStage<Void> leave() {
        CompletableFuture<Void> left = new CompletableFuture<>();
        leaving = left;
        leaveStopped = false;
        leaveRound(left);
        return left;
    }

    /**
     * Gives the leave under way up, unless it already completed: {@link #stopLeaving()}, then
     * the participant's node is deleted, because the lowest participant waits for the highest
     * and the others for the lowest, so a node left behind would hold them all until this
     * session ends; then the leave fails with a {@link CancellationException}.
     */
    public void cancelLeave() {
        CompletableFuture<Void> left = leaving;
        if (!stopLeaving()) {
            return;
        }
        deleteMine().whenComplete((ok, error) -> left.completeExceptionally(
                error != null ? error : new CancellationException("gave up leaving " + path)));
    }

    /**
     * Stops the leave under way from taking further steps, and nothing else: the node stays
     * until the caller deletes it or closes the session, and the leave's stage stays pending.
     * For a caller that is about to close its session anyway; anyone else wants
     * {@link #cancelLeave()}. A step in flight finds the stop when it answers and goes no
     * further.
     *
     * @return whether a leave was under way
     */
    public boolean stopLeaving() {
        if (leaving == null || leaving.isDone() || leaveStopped) {
            return false;
        }
        leaveStopped = true;
        return true;
    }

    private void onReadyEvent(WatchedEvent event) {
        if (withdrawing) {
            return;
        }
        if (event.type() == EventType.NodeCreated) {
            enteredUnlessWithdrawn();
        } else if (sessionOver(event)) {
            entered.completeExceptionally(KeeperException.create(Code.SESSIONEXPIRED, readyPath()));
        }
    }

    private void decideEnter(List<String> children) {
        if (givenUpBeforeEntering()) {
            withdraw();
            return;
        }
        switch (DoubleBarrierDecision.enter(children, threshold, readySeen)) {
            case Enter.Entered done -> enteredUnlessWithdrawn();
            // Creating the ready node opens the barrier with this participant counted: a
            // give-up meanwhile waits for the create, and then comes too late.
            case Enter.CreateReady create -> step(() -> Retrying.call(
                    () -> zk.create(readyPath(), null, CreateMode.PERSISTENT), Code.NODEEXISTS))
                    .thenAccept(ignored -> enteredUnlessWithdrawn())
                    .exceptionally(this::failEnter);
            case Enter.Wait wait -> {
            }
        }
    }

    /** The ready node is there: in, unless the participant's node is already being withdrawn. */
    private void enteredUnlessWithdrawn() {
        if (!withdrawing) {
            entered.complete(null);
        }
    }

    /** A failed step ends the enter, unless a withdrawal under way will end it. */
    private Void failEnter(Throwable error) {
        if (!withdrawing) {
            entered.completeExceptionally(error);
        }
        return null;
    }

    private void leaveRound(CompletableFuture<Void> left) {
        if (stopped(left)) {
            return;
        }
        Retrying.call(() -> zk.getChildren(path, false)).whenComplete((children, error) -> {
            if (stopped(left)) {
                return;
            }
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

    /** Whether this leave was stopped or given up: it takes no further step. */
    private boolean stopped(CompletableFuture<Void> left) {
        return leaveStopped && left == leaving;
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

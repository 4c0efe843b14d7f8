package dev.zksim.recipes.barrier;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.KeeperState;
import dev.zksim.api.Stat;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.Stages;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * A barrier on one znode {@code b} (recipes page, "Barriers"). The protocol:
 * <ol>
 * <li>the coordinator raises the barrier by creating {@code b} (a regular node);</li>
 * <li>a waiter calls {@code exists(b, watch)};</li>
 * <li>if exists returns null, the barrier is down and the waiter proceeds;</li>
 * <li>otherwise it waits for the watch event and goes back to step 2;</li>
 * <li>the coordinator lifts the barrier by deleting {@code b}.</li>
 * </ol>
 * Re-checking on every event, instead of trusting the event type, matters: the barrier may
 * have been lifted and raised again in between, and a NodeCreated or NodeDataChanged event
 * must not let anyone through. Raise and lift are idempotent (NodeExists and NoNode count as
 * done), so a retry after a lost reply is safe. Nothing here blocks.
 */
public final class Barrier {
    private final ZooKeeperClient zk;
    private final String path;

    public Barrier(ZooKeeperClient zk, String path) {
        this.zk = zk;
        this.path = path;
    }

    public String path() {
        return path;
    }

    /** Coordinator: raises the barrier; completes once the node exists. */
    public CompletionStage<Void> raise() {
        return coordinatorWrite(() -> zk.create(path, null, CreateMode.PERSISTENT), Code.NODEEXISTS);
    }

    /** Coordinator: lifts the barrier; completes once the node is gone. */
    public CompletionStage<Void> lift() {
        return coordinatorWrite(() -> zk.delete(path, -1), Code.NONODE);
    }

    /** Waiter: completes once the barrier is seen down; fails if the session ends first. */
    public CompletionStage<Void> awaitLifted() {
        CompletableFuture<Void> passed = new CompletableFuture<>();
        check(passed);
        return passed;
    }

    private void check(CompletableFuture<Void> passed) {
        if (passed.isDone()) {
            return;
        }
        // Session events reach every registered watcher without consuming the watch. A
        // disconnect says nothing about the node (the watch is re-set on reconnect), but an
        // expired or closed session will never hear of the lift, so the wait ends there.
        zk.exists(path, event -> {
            if (event.type() != EventType.None) {
                check(passed);
            } else if (event.state() == KeeperState.Expired || event.state() == KeeperState.Closed) {
                passed.completeExceptionally(KeeperException.create(Code.SESSIONEXPIRED, path));
            }
        }).whenComplete((stat, error) -> act(passed, BarrierDecision.onCheck(observe(stat, error))));
    }

    private void act(CompletableFuture<Void> passed, BarrierDecision.Next next) {
        switch (next) {
            case BarrierDecision.Next.Pass pass -> passed.complete(null);
            case BarrierDecision.Next.Wait wait -> {
            }
            case BarrierDecision.Next.Retry retry -> check(passed);
            case BarrierDecision.Next.Fail fail -> passed.completeExceptionally(KeeperException.create(fail.code(), path));
        }
    }

    private static BarrierDecision.Check observe(Stat stat, Throwable error) {
        if (error != null) {
            return new BarrierDecision.Check.Failed(Stages.code(error).orElse(Code.SYSTEMERROR));
        }
        return stat == null ? new BarrierDecision.Check.Absent() : new BarrierDecision.Check.Present();
    }

    private <T> CompletionStage<Void> coordinatorWrite(Supplier<CompletionStage<T>> write, Code settled) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        attemptWrite(write, settled, done);
        return done;
    }

    private <T> void attemptWrite(Supplier<CompletionStage<T>> write, Code settled, CompletableFuture<Void> done) {
        write.get().whenComplete((ignored, error) -> {
            Code code = error == null ? null : Stages.code(error).orElse(Code.SYSTEMERROR);
            switch (BarrierDecision.onCoordinatorWrite(code, settled)) {
                case BarrierDecision.Next.Pass pass -> done.complete(null);
                case BarrierDecision.Next.Retry retry -> attemptWrite(write, settled, done);
                case BarrierDecision.Next.Fail fail -> done.completeExceptionally(KeeperException.create(fail.code(), path));
                case BarrierDecision.Next.Wait wait -> throw new IllegalStateException("a write never waits");
            }
        });
    }
}

package dev.zksim.official.testkit;

import dev.zksim.kernel.SuppressForbidden;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingDeque;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.queue.QueueConsumer;
import org.apache.curator.framework.state.ConnectionState;

/**
 * Turns the items a Curator queue pushes to its consumer into the answers of the testkit's
 * {@code take()}, without claiming an item from ZooKeeper before a take asks for one.
 *
 * <p>Curator's consumer loop hands each child of the queue, in its sorted order, to the
 * queue's executor as one claim: read the node, remove it (before the consumer runs, or after
 * it with a lock path), and call the consumer. This gate is that executor, and it runs each
 * claim on Curator's own loop thread, as Curator's default direct executor does, but only
 * once a take is waiting: so the loop claims nothing while nobody takes, and Curator's
 * priority queue still refreshes its list between claims as it does by default. A claim that
 * finds the item gone (another consumer won it) delivers nothing, and the same take waits for
 * the next claim.
 *
 * <p>A take given up while no claim runs for it is cancelled at once. One given up while its
 * claim is in flight waits for the claim: if the claim delivered an item the take completes
 * with it (the claim won), otherwise it is cancelled. No claim is ever interrupted, so a take
 * given up loses no item.
 */
@SuppressForbidden("runs on Curator's consumer loop, a simulated thread, and leaves it the interrupt it was sent")
final class TakeGate implements Executor, QueueConsumer<String> {
    private final LinkedBlockingDeque<CompletableFuture<String>> waiting = new LinkedBlockingDeque<>();
    private CompletableFuture<String> inFlight;
    private boolean cancelAsked;

    /** A take waits for the next claim. */
    void ask(CompletableFuture<String> take) {
        waiting.addLast(take);
    }

    /** Gives {@code take} up: now if no claim runs for it, else when its claim has ended. */
    void cancel(CompletableFuture<String> take) {
        if (waiting.remove(take)) {
            take.completeExceptionally(new CancellationException("take given up before any claim"));
        } else if (take == inFlight) {
            cancelAsked = true;
        }
    }

    /**
     * Runs one of Curator's claims once a take waits for it. Interrupted while waiting (the
     * queue is closing, or the run is over), it runs nothing and leaves the interrupt for
     * Curator's loop, which stops processing the list when it sees it.
     */
    @Override
    public void execute(Runnable claim) {
        CompletableFuture<String> take;
        try {
            take = waiting.takeFirst();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        inFlight = take;
        cancelAsked = false;
        try {
            claim.run();
        } finally {
            inFlight = null;
        }
        if (take.isDone()) {
            return;
        }
        if (cancelAsked) {
            take.completeExceptionally(new CancellationException("take given up; its claim found no item"));
        } else {
            // The claim lost the item to another consumer: the same take waits for the next one.
            waiting.addFirst(take);
        }
    }

    /** Called by Curator inside a claim, on the loop thread: the claim's take gets the item. */
    @Override
    public void consumeMessage(String item) {
        CompletableFuture<String> take = inFlight;
        if (take == null) {
            throw new IllegalStateException("Curator delivered item " + item + " outside a claim of this gate");
        }
        take.complete(item);
    }

    @Override
    public void stateChanged(CuratorFramework client, ConnectionState newState) {
        // The queue's consumer needs nothing from connection states: Curator's claims retry
        // and fail on their own, and the testkit follows the session itself.
    }
}

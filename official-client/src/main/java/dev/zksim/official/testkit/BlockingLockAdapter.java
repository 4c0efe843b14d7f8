package dev.zksim.official.testkit;

import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.LockUnderTest;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The testkit's lock contract over a {@link BlockingLock}: each acquire and each release runs
 * the user's blocking call on a simulated thread and completes the stage when it returns. A
 * release during an acquisition interrupts the waiting thread; the next call on the lock
 * starts only when the previous release is done, so the user's object is never used by two
 * threads at once. The lock's holder learns of its connection as an application does, from
 * its handle's state: while it holds, SUSPENDED and LOST end its belief.
 */
@SuppressForbidden("interrupts and joins the simulated threads it starts")
final class BlockingLockAdapter implements LockUnderTest {
    private final SimulatedClient client;
    private final BlockingLock lock;
    private Attempt attempt;
    private Thread releasing;
    private boolean held;

    /** One acquisition: its thread, and whether it was given up before the grant. */
    @SuppressForbidden("holds the simulated thread of an acquisition, to interrupt it")
    private static final class Attempt {
        Thread thread;
        boolean abandoned;
        boolean grantedAfterAbandon;
    }

    BlockingLockAdapter(SimulatedClient client, BlockingLock lock, HolderEvents events,
            dev.zksim.recipes.support.ConnectionStates connection) {
        this.client = client;
        this.lock = lock;
        connection.subscribe(state -> {
            if (held && state == ConnectionState.SUSPENDED) {
                events.suspended();
            } else if (held && state == ConnectionState.LOST) {
                events.lost();
            }
        });
    }

    @Override
    public CompletionStage<Long> acquire() {
        CompletableFuture<Long> result = new CompletableFuture<>();
        Attempt mine = new Attempt();
        Thread before = releasing;
        attempt = mine;
        mine.thread = client.start("acquire", () -> {
            try {
                awaitEnd(before);
                long token = lock.acquire();
                if (mine.abandoned) {
                    mine.grantedAfterAbandon = true;
                    result.completeExceptionally(new CancellationException("released before the grant"));
                } else {
                    held = true;
                    result.complete(token);
                }
            } catch (Exception | Error e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    @Override
    public CompletionStage<Void> release() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Attempt waiting = attempt;
        boolean wasHeld = held;
        attempt = null;
        held = false;
        if (waiting != null && waiting.thread.isAlive()) {
            waiting.abandoned = true;
            waiting.thread.interrupt();
        }
        Thread before = releasing;
        releasing = client.start("release", () -> {
            try {
                awaitEnd(before);
                awaitEnd(waiting == null ? null : waiting.thread);
                if (wasHeld || (waiting != null && waiting.grantedAfterAbandon)) {
                    lock.release();
                }
                done.complete(null);
            } catch (Exception | Error e) {
                done.completeExceptionally(e);
            }
        });
        return done;
    }

    private static void awaitEnd(Thread thread) throws InterruptedException {
        if (thread != null) {
            thread.join();
        }
    }
}

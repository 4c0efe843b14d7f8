package dev.zksim.official.testkit;

import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.LockUnderTest;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionStage;

/**
 * The testkit's lock contract over a {@link BlockingLock}: each acquire and each release runs
 * the user's blocking call on a simulated thread, one after the other, and completes the
 * stage when it returns. A release during an acquisition interrupts the waiting thread first.
 * The holder learns of its connection as an application does, from its handle's state: while
 * it holds, SUSPENDED and LOST end its belief.
 */
final class BlockingLockAdapter implements LockUnderTest {
    private final CallRunner calls;
    private final BlockingLock lock;
    private Attempt attempt;
    private boolean held;

    /** One acquisition: whether it was given up before the grant, and granted all the same. */
    private static final class Attempt {
        boolean abandoned;
        boolean grantedAfterAbandon;
        boolean done;
    }

    BlockingLockAdapter(CallRunner calls, BlockingLock lock, HolderEvents events, ConnectionStates connection) {
        this.calls = calls;
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
        Attempt mine = new Attempt();
        attempt = mine;
        return calls.then("acquire", () -> {
            try {
                long token = lock.acquire();
                if (mine.abandoned) {
                    mine.grantedAfterAbandon = true;
                    throw new CancellationException("released before the grant");
                }
                held = true;
                return token;
            } finally {
                mine.done = true;
            }
        });
    }

    @Override
    public CompletionStage<Void> release() {
        Attempt waiting = attempt;
        boolean wasHeld = held;
        attempt = null;
        held = false;
        if (waiting != null && !waiting.done) {
            waiting.abandoned = true;
            calls.interruptLatest();
        }
        return calls.then("release", () -> {
            if (wasHeld || (waiting != null && waiting.grantedAfterAbandon)) {
                lock.release();
            }
            return null;
        });
    }
}

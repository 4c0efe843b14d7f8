package com.example.realbugs;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/**
 * A caller's hold on a lock or a lease: the acquisition under way, whether it is held and
 * suspended, its token, and what the owner was told. The lock and the semaphore of this
 * package share it; which node holds, and when, is theirs.
 */
final class Hold {
    private final HoldListener events;
    private CompletableFuture<Long> pending;
    private boolean held;
    private boolean suspended;
    private long token;

    Hold(HoldListener events) {
        this.events = events;
    }

    /** A new acquisition: nothing held, nothing suspended; completes with the token once granted. */
    CompletableFuture<Long> begin() {
        held = false;
        suspended = false;
        pending = new CompletableFuture<>();
        return pending;
    }

    /** The acquisition's node, and so its token, is known. */
    void adopt(long czxid) {
        token = czxid;
    }

    boolean waiting() {
        return pending != null;
    }

    boolean held() {
        return held;
    }

    /** Held and suspended: the next reconnect must confirm the node is still there. */
    boolean unconfirmed() {
        return held && suspended;
    }

    void grant() {
        held = true;
        CompletableFuture<Long> granted = pending;
        pending = null;
        granted.complete(token);
    }

    /** Ends the acquisition under way, if there is one, with the error. */
    void fail(Throwable error) {
        if (pending != null) {
            CompletableFuture<Long> failed = pending;
            pending = null;
            failed.completeExceptionally(error);
        }
    }

    /** The caller lets go, or abandons the acquisition under way. */
    void release() {
        held = false;
        fail(new CancellationException("released"));
    }

    /** The connection is down: a holder is told to stop acting as one. */
    void suspend() {
        if (held && !suspended) {
            suspended = true;
            events.suspended();
        }
    }

    /** The session is gone: a holder is told its hold is; false if nothing was held. */
    boolean lose() {
        if (!held) {
            return false;
        }
        held = false;
        events.lost();
        return true;
    }

    /**
     * Back from a disconnect while held: the hold goes on only if the node is still there, and
     * only if the attempt is still {@code current} when the servers answer.
     */
    void confirm(AttemptNodes nodes, String node, BooleanSupplier current) {
        nodes.whetherStillThere(node, there -> {
            if (!current.getAsBoolean() || !unconfirmed()) {
                return;
            }
            suspended = false;
            if (there) {
                events.held(token);
            } else {
                held = false;
                events.lost();
            }
        });
    }
}

package dev.zksim.herd;

import dev.zksim.ensemble.ClientContext;

/**
 * What a participant may do while it takes its turn: report to the run's {@link Ledger} in
 * the client's simulated time, and hold what it got for the run's hold time before giving
 * it up.
 */
record Turn(ClientContext context, Ledger ledger, long hold) {

    /** A waiting spell starts now: the client queued, stood for election, or called enter/leave. */
    void waiting() {
        ledger.waiting(context.id(), context.now());
    }

    /** The open waiting spell ends in progress that is not an acquisition (a barrier's leave). */
    void progressed() {
        ledger.progressed(context.id(), context.now());
    }

    /** The open waiting spell ends in an acquisition: the lock, the leadership, the barrier's passage. */
    void acquired() {
        progressed();
        ledger.acquired();
    }

    /** Runs the action once the hold is over. */
    void afterHold(Runnable action) {
        context.schedule(hold, action);
    }

    void finished() {
        ledger.finished(context.now());
    }

    void failed(Throwable error) {
        ledger.failed(context.id(), error);
    }
}

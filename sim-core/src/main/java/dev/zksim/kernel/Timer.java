package dev.zksim.kernel;

/**
 * A scheduled action that can be cancelled before it runs. A cancelled timer leaves the
 * queue at once, unless its {@link EventGate} says its falling due still matters (a paused
 * process counts what falls due while it is paused, cancelled timers included): most of the
 * timers a run arms are cancelled and re-armed long before their deadline (a client's tick,
 * a session's expiry), and waiting out their deadlines kept a third of the queue's entries
 * dead. A removed timer stays known to the queue until its time has passed, so that the
 * explorer's digest of what is pending and a later pause see it as before.
 */
public final class Timer implements Runnable, GatedEvent, PendingDescription {
    private Runnable action;
    private final EventGate gate;
    private final int incarnation;
    /** The queue this timer was scheduled on, whether it is in its heap now, and its key there. */
    EventQueue queue;
    boolean queued;
    long time;
    long sequence;

    public Timer(Runnable action) {
        this(action, null, 0);
    }

    /**
     * A timer whose gate decides, when it falls due, whether it runs (see {@link EventGate}),
     * and which leaves the queue on cancellation only when the gate allows.
     */
    public Timer(Runnable action, EventGate gate, int incarnation) {
        this.action = action;
        this.gate = gate;
        this.incarnation = incarnation;
    }

    /** Stops the action from running; harmless if it already ran or was cancelled. */
    public void cancel() {
        if (action == null) {
            return;
        }
        action = null;
        if (queued && (gate == null || !gate.holdsDueEvents())) {
            queue.removeCancelled(this);
        }
    }

    public boolean isCancelled() {
        return action == null;
    }

    EventGate gate() {
        return gate;
    }

    int incarnation() {
        return incarnation;
    }

    /**
     * A cancelled timer will do nothing, which the explorer's abstract state must tell apart;
     * a gated one is also known by its gate's part (whose it is, whether it is stale).
     */
    @Override
    public long stateHash() {
        long own = action == null ? 0 : 1;
        return gate == null ? own : gate.stateHash(incarnation) * 0x9E3779B97F4A7C15L + own;
    }

    @Override
    public void run() {
        if (gate == null || gate.admits(incarnation, this)) {
            runAdmitted();
        }
    }

    @Override
    public void runAdmitted() {
        Runnable pending = action;
        if (pending != null) {
            action = null;
            pending.run();
        }
    }
}

package dev.zksim.kernel;

/**
 * A scheduled action that can be cancelled before it runs. Cancelling only marks it: the
 * queue drops it when its time comes, which is cheaper than removing it from the heap.
 * (Removing it was tried and measured: the heap of a lock sweep shrank from 37 entries to
 * 23 on average, and a sweep's CPU per seed did not change beyond noise, while the count of
 * dispatched events, which the shrinker's slices and the explorer's steps go by, did.)
 *
 * <p>A timer may have an {@link EventGate}, which decides when it falls due whether it runs:
 * a process is the gate of its own timers, so that such a timer is one object in the queue
 * rather than a timer inside a wrapper.
 */
public final class Timer implements Runnable, GatedEvent, PendingDescription, Heartbeat {
    private Runnable action;
    private final EventGate gate;
    private final int incarnation;
    /** Whether the action only keeps things alive (see {@link Heartbeat}). */
    private final boolean heartbeat;

    public Timer(Runnable action) {
        this(action, null, 0, false);
    }

    /** A timer whose gate decides, when it falls due, whether it runs (see {@link EventGate}). */
    public Timer(Runnable action, EventGate gate, int incarnation) {
        this(action, gate, incarnation, false);
    }

    /**
     * A timer, gated or not ({@code gate} null), whose action is a {@link Heartbeat} if
     * {@code heartbeat} is true: it pings, reports touches or checks, and changes nothing else
     * while everyone answers.
     */
    public Timer(Runnable action, EventGate gate, int incarnation, boolean heartbeat) {
        this.action = action;
        this.gate = gate;
        this.incarnation = incarnation;
        this.heartbeat = heartbeat;
    }

    /** Stops the action from running; harmless if it already ran or was cancelled. */
    public void cancel() {
        action = null;
    }

    public boolean isCancelled() {
        return action == null;
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

    /** A heartbeat's timer, and any timer that will do nothing when it falls due (cancelled, or its incarnation dead). */
    @Override
    public boolean isHeartbeat() {
        return heartbeat || action == null || (gate != null && gate.drops(incarnation));
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

package dev.zksim.kernel;

/**
 * A scheduled action that can be cancelled before it runs. Cancelling only marks it: the
 * queue drops it when its time comes, which is cheaper than removing it from the heap.
 */
public final class Timer implements Runnable, PendingDescription {
    private Runnable action;

    public Timer(Runnable action) {
        this.action = action;
    }

    /** Stops the action from running; harmless if it already ran or was cancelled. */
    public void cancel() {
        action = null;
    }

    public boolean isCancelled() {
        return action == null;
    }

    /** A cancelled timer will do nothing, which the explorer's abstract state must tell apart. */
    @Override
    public long stateHash() {
        return action == null ? 0 : 1;
    }

    @Override
    public void run() {
        Runnable pending = action;
        if (pending != null) {
            action = null;
            pending.run();
        }
    }
}

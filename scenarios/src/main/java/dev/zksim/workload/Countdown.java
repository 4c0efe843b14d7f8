package dev.zksim.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * A count of clients still at work, shared by the clients of one run (all on the simulation
 * thread): when the last one reports done, everything waiting on it runs, in the order it
 * was registered. A semaphore run uses it to let its probes in once the workers are finished.
 */
public final class Countdown {
    private int remaining;
    private final List<Runnable> waiting = new ArrayList<>();

    public Countdown(int count) {
        this.remaining = count;
    }

    /** One client is done; the last one releases every waiter. */
    public void done() {
        if (remaining == 0) {
            return;
        }
        remaining--;
        if (remaining == 0) {
            List<Runnable> ready = List.copyOf(waiting);
            waiting.clear();
            ready.forEach(Runnable::run);
        }
    }

    /** Runs the action now if every client is done, or when the last one is. */
    public void whenZero(Runnable action) {
        if (remaining == 0) {
            action.run();
        } else {
            waiting.add(action);
        }
    }
}

package dev.zksim.official;

import dev.zksim.official.threads.SimulatedThreads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The drop-in's counterpart of the official client's event thread: one simulated thread per
 * handle that runs watcher callbacks and asynchronous completions one by one, in the order
 * the client library received them. Because it is a simulated thread, a watcher may block
 * (call the synchronous API, await a latch) as it may on the official client.
 */
final class EventThread {
    private static final Runnable END = () -> { };

    private final LinkedBlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();
    private final List<String> failures = new ArrayList<>();
    private boolean ended;
    private boolean finished;

    EventThread(SimulatedThreads threads, String name) {
        threads.start(name, this::loop);
    }

    /**
     * Queues a callback; called on the simulation thread (or a simulated thread). Once the
     * thread has finished, the callback runs on the caller's thread, as the official
     * client's event thread does after its end.
     */
    void post(Runnable callback) {
        if (finished) {
            runGuarded(callback);
        } else {
            queue.add(callback);
        }
    }

    /** Lets the thread finish once everything queued before has run. */
    void end() {
        if (!ended) {
            ended = true;
            queue.add(END);
        }
    }

    /** What user callbacks threw; the official client logs these and goes on, so does this. */
    List<String> failures() {
        return List.copyOf(failures);
    }

    private void loop() {
        while (true) {
            Runnable next;
            try {
                next = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            if (next == END) {
                // Whatever was queued behind the end still runs (nothing else runs meanwhile).
                for (Runnable rest = queue.poll(); rest != null; rest = queue.poll()) {
                    if (rest != END) {
                        runGuarded(rest);
                    }
                }
                finished = true;
                return;
            }
            runGuarded(next);
        }
    }

    private void runGuarded(Runnable callback) {
        try {
            callback.run();
        } catch (RuntimeException e) {
            failures.add(e.toString());
        }
    }
}

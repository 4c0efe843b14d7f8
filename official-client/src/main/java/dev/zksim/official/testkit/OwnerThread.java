package dev.zksim.official.testkit;

import dev.zksim.kernel.ProgrammingErrors;
import dev.zksim.kernel.SuppressForbidden;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Runs every call of one recipe object on the same simulated thread, in order: for recipes
 * that tie a grant to the thread that asked for it, as Curator's {@code InterProcessMutex}
 * does (only the acquiring thread may release). Giving up an acquisition interrupts this
 * thread while it runs that call; the thread then goes on serving the next call. A call that
 * throws a bug of its code ({@link ProgrammingErrors}) ends the thread, and the run.
 */
@SuppressForbidden("one simulated thread that serves a recipe's calls, scheduled by the simulation")
final class OwnerThread implements CallRunner {
    /** A call waiting for the thread, or running on it. */
    private static final class Task {
        final CallChain.Call<?> call;
        final CompletableFuture<Object> result = new CompletableFuture<>();
        boolean interruptAsked;

        Task(CallChain.Call<?> call) {
            this.call = call;
        }
    }

    private final SimulatedClient client;
    private final String name;
    private final LinkedBlockingQueue<Task> queue = new LinkedBlockingQueue<>();
    private Thread worker;
    private Task running;
    private Task latest;

    OwnerThread(SimulatedClient client, String name) {
        this.client = client;
        this.name = name;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> CompletableFuture<T> then(String what, CallChain.Call<T> call) {
        Task task = new Task(call);
        latest = task;
        queue.add(task);
        if (worker == null) {
            worker = client.start(name, this::serve);
        }
        return (CompletableFuture<T>) (CompletableFuture<?>) task.result;
    }

    @Override
    public void interruptLatest() {
        Task task = latest;
        if (task == null) {
            return;
        }
        if (running == task) {
            worker.interrupt();
        } else {
            task.interruptAsked = true;
        }
    }

    /** Serves calls until interrupted while idle: that is the end of the run or of the process. */
    private void serve() {
        while (true) {
            Task task;
            try {
                task = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            running = task;
            if (task.interruptAsked) {
                Thread.currentThread().interrupt();
            }
            try {
                task.result.complete(task.call.call());
            } catch (Exception | Error e) {
                task.result.completeExceptionally(e);
                ProgrammingErrors.rethrowIfBug(e);
            } finally {
                running = null;
                // An interrupt meant for this call must not reach the next one.
                Thread.interrupted();
            }
        }
    }
}

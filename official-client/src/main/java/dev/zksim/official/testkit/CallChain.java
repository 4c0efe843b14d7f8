package dev.zksim.official.testkit;

import dev.zksim.kernel.ProgrammingErrors;
import dev.zksim.kernel.SuppressForbidden;
import java.util.concurrent.CompletableFuture;

/**
 * Runs the calls of one recipe object, each on a simulated thread of its own, one after the
 * other: a call starts when the previous one has ended, so the user's object is never used by
 * two threads at once, and its stage completes with what the call returned or threw. A call
 * that throws a bug of its code ({@link ProgrammingErrors}) also ends its thread, and the run.
 */
@SuppressForbidden("joins the simulated threads it starts, which the simulation schedules")
final class CallChain implements CallRunner {
    /** One blocking call of the user's code. */
    @FunctionalInterface
    interface Call<T> {
        T call() throws Exception;
    }

    private final SimulatedClient client;
    private Thread last;

    CallChain(SimulatedClient client) {
        this.client = client;
    }

    /** Runs {@code call} once every call before it has ended. */
    @Override
    public <T> CompletableFuture<T> then(String name, Call<T> call) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread before = last;
        last = client.start(name, () -> {
            try {
                awaitEnd(before);
                result.complete(call.call());
            } catch (Exception | Error e) {
                result.completeExceptionally(e);
                ProgrammingErrors.rethrowIfBug(e);
            }
        });
        return result;
    }

    /**
     * Waits for the previous call to end, whatever happens: a call interrupted while it
     * waits (a waiter giving up) must still not overtake the call before it, or the next
     * call would overtake in turn and two calls would use the object at once. The interrupt
     * is kept, so the user's call meets it at its first blocking step.
     */
    private static void awaitEnd(Thread before) {
        if (before == null) {
            return;
        }
        boolean interrupted = false;
        while (true) {
            try {
                before.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Interrupts the latest call, so that a call blocked in the user's code gives up. */
    @Override
    public void interruptLatest() {
        if (last != null) {
            last.interrupt();
        }
    }
}

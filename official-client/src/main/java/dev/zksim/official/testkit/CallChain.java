package dev.zksim.official.testkit;

import dev.zksim.kernel.SuppressForbidden;
import java.util.concurrent.CompletableFuture;

/**
 * Runs the calls of one recipe object, each on a simulated thread of its own, one after the
 * other: a call starts when the previous one has ended, so the user's object is never used by
 * two threads at once, and its stage completes with what the call returned or threw.
 */
@SuppressForbidden("joins the simulated threads it starts, which the simulation schedules")
final class CallChain {
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
    <T> CompletableFuture<T> then(String name, Call<T> call) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread before = last;
        last = client.start(name, () -> {
            try {
                if (before != null) {
                    before.join();
                }
                result.complete(call.call());
            } catch (Exception | Error e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    /** Interrupts the latest call, so that a call blocked in the user's code gives up. */
    void interruptLatest() {
        if (last != null) {
            last.interrupt();
        }
    }
}

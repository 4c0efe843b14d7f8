package dev.zksim.official.testkit;

import dev.zksim.kernel.ProgrammingErrors;
import java.util.concurrent.CompletableFuture;

/** Runs a recipe object's blocking calls on simulated threads, one after the other. */
interface CallRunner {

    /** Runs {@code call} once every call before it has ended; the stage completes with its result. */
    <T> CompletableFuture<T> then(String name, CallChain.Call<T> call);

    /** Interrupts the latest call, so that a call blocked in the user's code gives up. */
    void interruptLatest();

    /**
     * Rethrows what a call threw if it is a bug of the code under test
     * ({@link ProgrammingErrors}), so that the simulated thread running the call dies with it
     * and the run ends there; any other exception returns, to be the call's outcome.
     */
    static void rethrowIfBug(Throwable error) {
        if (!ProgrammingErrors.isBug(error)) {
            return;
        }
        if (error instanceof Error fatal) {
            throw fatal;
        }
        throw (RuntimeException) error;
    }
}

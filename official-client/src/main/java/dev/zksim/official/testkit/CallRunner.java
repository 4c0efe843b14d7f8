package dev.zksim.official.testkit;

import java.util.concurrent.CompletableFuture;

/** Runs a recipe object's blocking calls on simulated threads, one after the other. */
interface CallRunner {

    /** Runs {@code call} once every call before it has ended; the stage completes with its result. */
    <T> CompletableFuture<T> then(String name, CallChain.Call<T> call);

    /** Interrupts the latest call, so that a call blocked in the user's code gives up. */
    void interruptLatest();
}

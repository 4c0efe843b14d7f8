package dev.zksim.recipes.support;

import dev.zksim.api.KeeperException.Code;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Runs one ZooKeeper call until it gives a definite answer: a recoverable error (the call
 * may or may not have been applied) repeats it, and the listed "settled" codes count as
 * success with a null value because they are what a repeat of an applied call sees. Any
 * other failure, or a recoverable one on the last attempt, fails the stage with the
 * unwrapped cause.
 */
public final class Retrying {
    private static final long MAX_ATTEMPTS = 20;

    private Retrying() {
    }

    /** At most 20 attempts. */
    public static <T> CompletionStage<T> call(Supplier<CompletionStage<T>> call, Code... settled) {
        return call(call, MAX_ATTEMPTS, settled);
    }

    /**
     * No limit on attempts: for clean-up that must happen while the session lives (the client
     * queues a repeat until it reconnects, and SessionExpired is final).
     */
    public static <T> CompletionStage<T> untilSettled(Supplier<CompletionStage<T>> call, Code... settled) {
        return call(call, Long.MAX_VALUE, settled);
    }

    private static <T> CompletionStage<T> call(Supplier<CompletionStage<T>> call, long maxAttempts, Code[] settled) {
        CompletableFuture<T> result = new CompletableFuture<>();
        attempt(call, settled, maxAttempts, result, 1);
        return result;
    }

    private static <T> void attempt(Supplier<CompletionStage<T>> call, Code[] settled, long maxAttempts,
            CompletableFuture<T> result, long attempt) {
        call.get().whenComplete((value, error) -> {
            if (error == null) {
                result.complete(value);
            } else if (Arrays.stream(settled).anyMatch(code -> Stages.is(error, code))) {
                result.complete(null);
            } else if (Stages.isRecoverable(error) && attempt < maxAttempts) {
                attempt(call, settled, maxAttempts, result, attempt + 1);
            } else {
                result.completeExceptionally(Stages.unwrap(error));
            }
        });
    }
}

package dev.zksim.recipes.config;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.recipes.support.Stages;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Runs one ZooKeeper call until it gives a definite answer: a recoverable error (the call
 * may or may not have been applied) repeats it, and the listed "settled" codes count as
 * success with a null value because they are what a repeat of an applied call sees.
 */
final class Retrying {
    private static final int MAX_ATTEMPTS = 20;

    private Retrying() {
    }

    static <T> CompletionStage<T> call(Supplier<CompletionStage<T>> call, Code... settled) {
        CompletableFuture<T> result = new CompletableFuture<>();
        attempt(call, settled, result, 1);
        return result;
    }

    private static <T> void attempt(Supplier<CompletionStage<T>> call, Code[] settled, CompletableFuture<T> result,
            int attempt) {
        call.get().whenComplete((value, error) -> {
            if (error == null) {
                result.complete(value);
            } else if (Arrays.stream(settled).anyMatch(code -> Stages.is(error, code))) {
                result.complete(null);
            } else if (Stages.isRecoverable(error) && attempt < MAX_ATTEMPTS) {
                attempt(call, settled, result, attempt + 1);
            } else {
                result.completeExceptionally(Stages.unwrap(error));
            }
        });
    }
}

package dev.zksim.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.KeeperException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/** Reads the outcome of a completed stage in tests. */
final class Outcomes {
    private Outcomes() {
    }

    /** The KeeperException a stage failed with; fails the test if it did not fail so. */
    static KeeperException failure(CompletionStage<?> stage) {
        CompletableFuture<?> future = stage.toCompletableFuture();
        assertThat(future).isCompletedExceptionally();
        try {
            future.join();
        } catch (CompletionException e) {
            assertThat(e.getCause()).isInstanceOf(KeeperException.class);
            return (KeeperException) e.getCause();
        }
        throw new AssertionError("not failed");
    }

    static KeeperException.Code code(CompletionStage<?> stage) {
        return failure(stage).code();
    }

    /** The value of a stage that completed normally. */
    static <T> T value(CompletionStage<T> stage) {
        CompletableFuture<T> future = stage.toCompletableFuture();
        assertThat(future).isCompleted().isNotCompletedExceptionally();
        return future.join();
    }
}

package dev.zksim.recipes.support;

import dev.zksim.api.KeeperException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/** Small helpers for the CompletionStage glue of recipes. */
public final class Stages {

    private Stages() {
    }

    /** The real failure behind a CompletionException wrapper. */
    public static Throwable unwrap(Throwable error) {
        Throwable cause = error;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    /** The ZooKeeper error code of a failure, if it is a KeeperException. */
    public static Optional<KeeperException.Code> code(Throwable error) {
        return unwrap(error) instanceof KeeperException keeper ? Optional.of(keeper.code()) : Optional.empty();
    }

    /** True if the failure is this code. */
    public static boolean is(Throwable error, KeeperException.Code code) {
        return code(error).filter(code::equals).isPresent();
    }

    /**
     * True for failures where the operation may or may not have taken effect and the
     * session may still be alive: the recipes page's "recoverable errors".
     */
    public static boolean isRecoverable(Throwable error) {
        return code(error).filter(code -> code == KeeperException.Code.CONNECTIONLOSS
                || code == KeeperException.Code.OPERATIONTIMEOUT).isPresent();
    }

    /** A stage that already failed. */
    public static <T> CompletionStage<T> failed(Throwable error) {
        CompletableFuture<T> future = new CompletableFuture<>();
        future.completeExceptionally(error);
        return future;
    }
}

package dev.zksim.recipes.support;

import dev.zksim.api.KeeperException;
import dev.zksim.kernel.SuppressForbidden;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one place in the recipes that parks a thread: the blocking facades ({@code Blocking*})
 * wait here for an asynchronous recipe's stage, on an application thread talking to a real
 * ZooKeeper. Never call it inside a simulation (it would stop the one thread that runs
 * everything) nor from a completion or a watcher (that is the client's event thread, which
 * must deliver the very reply being waited for).
 */
@SuppressForbidden("parks an application thread with a wall-clock timeout; only the blocking facades for a real cluster call it")
public final class BlockingAwait {

    private BlockingAwait() {
    }

    /**
     * The stage's value. A KeeperException is rethrown as is, as ZooKeeper's synchronous API
     * does; any other failure is wrapped in an IllegalStateException.
     */
    public static <T> T await(CompletionStage<T> stage, Duration timeout)
            throws KeeperException, InterruptedException, TimeoutException {
        try {
            return get(stage, timeout);
        } catch (ExecutionException failure) {
            Throwable cause = Stages.unwrap(failure.getCause());
            if (cause instanceof KeeperException keeper) {
                throw keeper;
            }
            throw new IllegalStateException("recipe failed", cause);
        }
    }

    /** The stage's value, with a failure reported as the ExecutionException that carries it. */
    public static <T> T get(CompletionStage<T> stage, Duration timeout)
            throws ExecutionException, InterruptedException, TimeoutException {
        return stage.toCompletableFuture().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }
}

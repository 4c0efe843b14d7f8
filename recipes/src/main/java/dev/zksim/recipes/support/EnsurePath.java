package dev.zksim.recipes.support;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Creates a persistent path and its missing ancestors, one level at a time, treating
 * NodeExists as success (another client made it first) and retrying a create whose reply
 * was lost. Lock and election directories are made this way on first use.
 */
public final class EnsurePath {

    private EnsurePath() {
    }

    public static CompletionStage<Void> ensure(ZooKeeperClient zk, String path) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        createFrom(zk, path, 1, done);
        return done;
    }

    /** Creates the prefix of the path that ends at the next slash after {@code from}. */
    private static void createFrom(ZooKeeperClient zk, String path, int from, CompletableFuture<Void> done) {
        int slash = path.indexOf('/', from);
        String prefix = slash < 0 ? path : path.substring(0, slash);
        zk.create(prefix, null, CreateMode.PERSISTENT).whenComplete((created, error) -> {
            if (error != null && Stages.isRecoverable(error)) {
                createFrom(zk, path, from, done);
            } else if (error != null && !Stages.is(error, KeeperException.Code.NODEEXISTS)) {
                done.completeExceptionally(Stages.unwrap(error));
            } else if (slash < 0) {
                done.complete(null);
            } else {
                createFrom(zk, path, slash + 1, done);
            }
        });
    }
}

package dev.zksim.recipes.naming;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.recipes.support.Stages;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A blocking facade over {@link NameService} for application threads on a real ZooKeeper. */
@SuppressForbidden("blocks an application thread on a real cluster; simulations use NameService directly")
public final class BlockingNameService {
    private final NameService names;

    public BlockingNameService(ZooKeeperClient zk, String path, String clientId) {
        this.names = new NameService(zk, path, clientId);
    }

    public UniqueName allocate(byte[] data, Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        try {
            return names.allocate(data).toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException failure) {
            Throwable cause = Stages.unwrap(failure.getCause());
            if (cause instanceof KeeperException keeper) {
                throw keeper;
            }
            throw new IllegalStateException("recipe failed", cause);
        }
    }
}

package dev.zksim.recipes.rendezvous;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.recipes.support.Stages;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A blocking facade over {@link Rendezvous} for application threads on a real ZooKeeper. */
@SuppressForbidden("blocks an application thread on a real cluster; simulations use Rendezvous directly")
public final class BlockingRendezvous {
    private final Rendezvous rendezvous;

    public BlockingRendezvous(ZooKeeperClient zk, String path) {
        this.rendezvous = new Rendezvous(zk, path);
    }

    public void create(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        await(rendezvous.create(), timeout);
    }

    public void publish(byte[] address, Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        await(rendezvous.publish(address), timeout);
    }

    public byte[] awaitAddress(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        return await(rendezvous.awaitAddress(), timeout);
    }

    private static <T> T await(CompletionStage<T> stage, Duration timeout)
            throws KeeperException, InterruptedException, TimeoutException {
        try {
            return stage.toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException failure) {
            Throwable cause = Stages.unwrap(failure.getCause());
            if (cause instanceof KeeperException keeper) {
                throw keeper;
            }
            throw new IllegalStateException("recipe failed", cause);
        }
    }
}

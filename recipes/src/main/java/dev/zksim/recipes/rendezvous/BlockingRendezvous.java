package dev.zksim.recipes.rendezvous;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.BlockingAwait;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/** A blocking facade over {@link Rendezvous} for application threads on a real ZooKeeper. */
public final class BlockingRendezvous {
    private final Rendezvous rendezvous;

    public BlockingRendezvous(ZooKeeperClient zk, String path) {
        this.rendezvous = new Rendezvous(zk, path);
    }

    public void create(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        BlockingAwait.await(rendezvous.create(), timeout);
    }

    public void publish(byte[] address, Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        BlockingAwait.await(rendezvous.publish(address), timeout);
    }

    public byte[] awaitAddress(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        return BlockingAwait.await(rendezvous.awaitAddress(), timeout);
    }
}

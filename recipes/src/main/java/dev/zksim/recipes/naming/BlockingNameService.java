package dev.zksim.recipes.naming;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.BlockingAwait;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/** A blocking facade over {@link NameService} for application threads on a real ZooKeeper. */
public final class BlockingNameService {
    private final NameService names;

    public BlockingNameService(ZooKeeperClient zk, String path, String clientId) {
        this.names = new NameService(zk, path, clientId);
    }

    public UniqueName allocate(byte[] data, Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        return BlockingAwait.await(names.allocate(data), timeout);
    }
}

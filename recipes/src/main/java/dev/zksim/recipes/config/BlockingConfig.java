package dev.zksim.recipes.config;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.BlockingAwait;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;

/**
 * A blocking facade over {@link ConfigWriter} and {@link ConfigReader} for application
 * threads on a real ZooKeeper. It parks the calling thread, so it must never run inside a
 * simulation.
 */
public final class BlockingConfig {
    private final ZooKeeperClient zk;
    private final String path;

    public BlockingConfig(ZooKeeperClient zk, String path) {
        this.zk = zk;
        this.path = path;
    }

    public void publish(Map<String, byte[]> entries, Duration timeout)
            throws KeeperException, InterruptedException, TimeoutException {
        BlockingAwait.await(new ConfigWriter(zk, path).publish(entries), timeout);
    }

    /** Reads one complete configuration, waiting for a writer to finish if one is at work. */
    public Config read(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        CompletableFuture<Config> first = new CompletableFuture<>();
        ConfigReader reader = new ConfigReader(zk, path, first::complete);
        reader.start();
        try {
            return BlockingAwait.await(first, timeout);
        } finally {
            reader.stop();
        }
    }
}

package dev.zksim.recipes.canary;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.config.ConfigWriter;

/**
 * CANARY, BROKEN ON PURPOSE: a configuration writer that sizes its entries by what the
 * server accepts (a setData request up to jute.maxbuffer) instead of what a reader can read
 * back. An entry of 1,048,488 bytes is written, but its getData reply frames one byte over
 * the client's limit: every reader drops its connection on it, retries, and never loads the
 * configuration. A client without the reply limit would read it, which is why only the limit
 * exposes this writer.
 */
public final class ServerSizedConfig {
    /** The largest setData value the server takes for a short path: jute.maxbuffer less the request's framing. */
    public static final int SERVER_LIMIT = 0xfffff - 64;

    private ServerSizedConfig() {
    }

    public static ConfigWriter writer(ZooKeeperClient zk, String path) {
        return new ConfigWriter(zk, path, SERVER_LIMIT);
    }
}

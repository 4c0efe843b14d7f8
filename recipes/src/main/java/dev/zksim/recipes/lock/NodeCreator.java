package dev.zksim.recipes.lock;

import dev.zksim.api.CreateMode;
import dev.zksim.api.ZooKeeperClient;
import java.util.concurrent.CompletionStage;

/**
 * How a sequential lock creates its node {@code parent/<guid>-<role>-NNNNNNNNNN} and what it
 * does when the create's outcome is unknown. Every correct lock uses
 * {@link dev.zksim.recipes.support.ProtectedCreate#create}; the canaries of the request
 * faults plug in creators that guess the outcome of a create that failed with ConnectionLoss.
 */
@FunctionalInterface
public interface NodeCreator {
    /** The full path of the created (or adopted) node; a recoverable failure makes the lock retry. */
    CompletionStage<String> create(ZooKeeperClient zk, String parent, String guid, String role, byte[] data,
            CreateMode mode);
}

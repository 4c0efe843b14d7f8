package dev.zksim.recipes.lock;

import dev.zksim.api.ZooKeeperClient;
import java.util.concurrent.CompletionStage;

/**
 * How a sequential lock deletes the node of an acquisition that was given up before its grant.
 * Every correct lock uses {@link dev.zksim.recipes.support.DeleteNode#delete}, which tries
 * again after ConnectionLoss until the node is known to be gone; a canary of the per-request
 * faults plugs in a deleter that tries once.
 */
@FunctionalInterface
public interface NodeDeleter {
    /** Completes once the node is gone, or once the deleter stops trying. */
    CompletionStage<Void> delete(ZooKeeperClient zk, String path);
}

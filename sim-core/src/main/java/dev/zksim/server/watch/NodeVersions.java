package dev.zksim.server.watch;

/**
 * The part of the data tree that the setWatches catch-up reads (reference 3.6). The data
 * tree implements it; tests use a small map. Callers ask for the zxids only of nodes that
 * exist, so implementations may reject a missing path.
 */
public interface NodeVersions {

    /** Whether a node exists at this path in the server's current tree. */
    boolean exists(String path);

    /** The zxid of the transaction that last created or changed the node's data. */
    long mzxid(String path);

    /** The zxid of the transaction that last created or deleted one of the node's children. */
    long pzxid(String path);
}

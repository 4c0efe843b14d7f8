package dev.zksim.recipes.lock;

/**
 * A granted lock: the full path of the holder's node and its fencing token. The token is
 * the czxid of the lock node (the zxid of the transaction that created it), read with
 * exists right after the create. Holders are granted in node order and nodes are created in
 * zxid order, so a later grant of the same exclusive lock always carries a larger token; a
 * resource that remembers the largest token it has seen can refuse a stale holder.
 */
public record Grant(String node, long fencingToken) {
}

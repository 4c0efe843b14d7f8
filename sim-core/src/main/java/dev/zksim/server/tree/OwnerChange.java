package dev.zksim.server.tree;

/**
 * A change to a tree's owner indexes (ephemerals by session, containers, TTL nodes) that an
 * apply made, kept for the replicas that take the apply over (see {@link SharedApplication}).
 */
record OwnerChange(String path, long owner, boolean added) {
}

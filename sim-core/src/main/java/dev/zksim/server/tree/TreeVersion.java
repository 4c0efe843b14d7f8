package dev.zksim.server.tree;

/**
 * One state of a data tree, named by identity: every tree in this state holds the same
 * object, and a tree that changes by any means gets a new one. Replicas that apply the same
 * transactions from the same state reach the same state, so the first replica to apply a
 * transaction from here leaves its application behind ({@link #next}), and the others take
 * it instead of applying the transaction again.
 */
final class TreeVersion {
    /** The application of one transaction from this state, or null while none is known. */
    SharedApplication next;
}

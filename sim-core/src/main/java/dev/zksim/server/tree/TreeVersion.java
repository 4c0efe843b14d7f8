package dev.zksim.server.tree;

/**
 * One state of a data tree, named by identity: every tree in this state holds this same
 * object, and a tree that changes gets another. The tree is a pure function of its state and
 * the transactions it applies, so replicas in one state that apply the same transaction reach
 * the same state: the first of them leaves what it made here ({@link #next}), and the others
 * take it over instead of applying the transaction again. ZooKeeper's replicas each apply
 * every transaction; the simulation keeps each replica's state apart and only spares the
 * repeated work.
 */
final class TreeVersion {
    /**
     * The application of one transaction from this state, or null while none is known (or the
     * first replica has forgotten it: see {@link ApplicationSharing}).
     */
    SharedApplication next;
}

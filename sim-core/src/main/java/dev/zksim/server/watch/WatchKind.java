package dev.zksim.server.watch;

/**
 * The two server watch tables. exists and getData register in the data table, getChildren
 * in the child table (reference 3.1).
 */
public enum WatchKind {
    DATA,
    CHILD
}

package dev.zksim.server.watch;

/**
 * The server watch tables. exists and getData register in the data table, getChildren in
 * the child table (reference 3.1); addWatch registers a persistent or a persistent
 * recursive watch (3.7). ZooKeeper keeps the last two as modes inside its data and child
 * tables; separate tables here give the same deliveries and keep each table one-mode.
 */
public enum WatchKind {
    DATA,
    CHILD,
    PERSISTENT,
    PERSISTENT_RECURSIVE
}

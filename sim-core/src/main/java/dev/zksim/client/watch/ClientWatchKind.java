package dev.zksim.client.watch;

/**
 * The client watch tables (reference 3.1). exists on an existing node and getData fill
 * DATA, exists on a missing node fills EXIST, getChildren fills CHILD; these three are
 * one-shot. addWatch fills PERSISTENT or PERSISTENT_RECURSIVE, which stay (3.7).
 */
public enum ClientWatchKind {
    DATA,
    EXIST,
    CHILD,
    PERSISTENT,
    PERSISTENT_RECURSIVE
}

package dev.zksim.client.watch;

/**
 * The three client watch tables (reference 3.1). exists on an existing node and getData
 * fill DATA, exists on a missing node fills EXIST, getChildren fills CHILD.
 */
public enum ClientWatchKind {
    DATA,
    EXIST,
    CHILD
}

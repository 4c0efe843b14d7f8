package dev.zksim.server.tree;

/**
 * The header of a logged transaction: the session and client xid that asked for it, its
 * zxid, and the time the leader stamped on it when preparing it (virtual milliseconds).
 */
public record TxnHeader(long sessionId, int cxid, long zxid, long time) {
}

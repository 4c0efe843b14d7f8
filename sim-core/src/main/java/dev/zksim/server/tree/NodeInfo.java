package dev.zksim.server.tree;

/**
 * A node's validation-relevant state, as DataTree.nodeInfo reports it to the preparer.
 *
 * @param cversion the internal cversion (child creates ever), the sequence counter
 * @param ephemeralOwner the internal owner: 0, a session id, or Txn.CONTAINER_OWNER
 * @param perms the world:anyone permission bits ({@link Perms})
 */
public record NodeInfo(int version, int cversion, int numChildren, long ephemeralOwner, int perms) {
}

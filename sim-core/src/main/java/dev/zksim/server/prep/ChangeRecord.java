package dev.zksim.server.prep;

import dev.zksim.server.tree.NodeInfo;
import dev.zksim.server.tree.Perms;
import dev.zksim.server.tree.Txn;

/**
 * The latest prepared state of one path, ZooKeeper's ChangeRecord: what the node will
 * look like once every prepared txn up to {@code zxid} is applied. exists == false marks
 * a pending delete. cversion is the internal value, the sequence counter.
 */
record ChangeRecord(
        String path, long zxid, boolean exists, int version, int cversion, int childCount, long ephemeralOwner, int perms) {

    static ChangeRecord fromTree(String path, long zxid, NodeInfo node) {
        return new ChangeRecord(path, zxid, true, node.version(), node.cversion(), node.numChildren(),
                node.ephemeralOwner(), node.perms());
    }

    static ChangeRecord created(String path, long zxid, long ephemeralOwner) {
        return new ChangeRecord(path, zxid, true, 0, 0, 0, ephemeralOwner, Perms.ALL);
    }

    static ChangeRecord deleted(String path, long zxid) {
        return new ChangeRecord(path, zxid, false, 0, 0, 0, 0, 0);
    }

    ChangeRecord withChildCreated(long newZxid, int newCversion) {
        return new ChangeRecord(path, newZxid, true, version, newCversion, childCount + 1, ephemeralOwner, perms);
    }

    ChangeRecord withChildDeleted(long newZxid) {
        return new ChangeRecord(path, newZxid, true, version, cversion, childCount - 1, ephemeralOwner, perms);
    }

    ChangeRecord withVersion(long newZxid, int newVersion) {
        return new ChangeRecord(path, newZxid, true, newVersion, cversion, childCount, ephemeralOwner, perms);
    }

    /** Only normal ephemerals refuse children; containers (and TTL nodes) accept them. */
    boolean isEphemeral() {
        return Txn.isSessionOwner(ephemeralOwner);
    }

    boolean permits(int perm) {
        return (perms & perm) != 0;
    }
}

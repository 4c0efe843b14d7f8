package dev.zksim.server.prep;

import dev.zksim.server.tree.NodeInfo;
import dev.zksim.server.tree.Perms;
import dev.zksim.server.tree.Txn;
import java.util.Objects;

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

    /**
     * The record's value equality, written out: retiring compares every applied write's record
     * with its path's latest, which is nearly always the very same object, and the generated
     * method compared all eight components through method handles first (JFR put 1% of a lock
     * sweep's samples there).
     */
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof ChangeRecord that && zxid == that.zxid && exists == that.exists
                && version == that.version && cversion == that.cversion && childCount == that.childCount
                && ephemeralOwner == that.ephemeralOwner && perms == that.perms && path.equals(that.path);
    }

    @Override
    public int hashCode() {
        return Objects.hash(path, zxid, exists, version, cversion, childCount, ephemeralOwner, perms);
    }

    /** Only normal ephemerals refuse children; containers (and TTL nodes) accept them. */
    boolean isEphemeral() {
        return Txn.isSessionOwner(ephemeralOwner);
    }

    boolean permits(int perm) {
        return (perms & perm) != 0;
    }
}

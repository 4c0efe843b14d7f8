package dev.zksim.server.tree;

import dev.zksim.api.Stat;
import java.util.List;
import java.util.TreeSet;

/**
 * One znode as the tree stores it: mutable, owned by exactly one DataTree, never shared
 * with callers. cversion is ZooKeeper's internal value (child creates only); the visible
 * one is derived in {@link #stat()}. Children are kept sorted so that reads, snapshots
 * and dumps are deterministic without sorting on every call.
 */
final class Node {
    byte[] data;
    final long czxid;
    final long ctime;
    long mzxid;
    long mtime;
    int version;
    int cversion;
    int aversion;
    final long ephemeralOwner;
    long pzxid;
    final int perms;
    /** Child names, or null while the node has never had a child (most leaves). */
    private TreeSet<String> children;
    /**
     * The immutable sorted list the last read returned, shared by every read until the
     * children change: a lock's waiters all list the same parent after each delete, and
     * copying the set for each of them was a tenth of the CPU at a thousand children.
     */
    private List<String> childNamesView;

    Node(byte[] data, long czxid, long ctime, long ephemeralOwner, int perms) {
        this.data = data;
        this.czxid = czxid;
        this.ctime = ctime;
        this.mzxid = czxid;
        this.mtime = ctime;
        this.pzxid = czxid;
        this.ephemeralOwner = ephemeralOwner;
        this.perms = perms;
    }

    /** A deep copy with its own children set (data arrays are immutable and shared). */
    Node(Node other) {
        this(other.data, other.czxid, other.ctime, other.ephemeralOwner, other.perms);
        this.mzxid = other.mzxid;
        this.mtime = other.mtime;
        this.version = other.version;
        this.cversion = other.cversion;
        this.aversion = other.aversion;
        this.pzxid = other.pzxid;
        this.children = other.children == null ? null : new TreeSet<>(other.children);
    }

    int numChildren() {
        return children == null ? 0 : children.size();
    }

    void addChild(String name) {
        if (children == null) {
            children = new TreeSet<>();
        }
        if (children.add(name)) {
            childNamesView = null;
        }
    }

    void removeChild(String name) {
        if (children != null && children.remove(name)) {
            childNamesView = null;
        }
    }

    /** The child names in sorted order, as an immutable list shared until they change. */
    List<String> childNames() {
        if (children == null) {
            return List.of();
        }
        if (childNamesView == null) {
            childNamesView = List.copyOf(children);
        }
        return childNamesView;
    }

    /** Container and TTL owners are internal markers; a client sees 0 for them. */
    long clientEphemeralOwner() {
        return Txn.isSessionOwner(ephemeralOwner) ? ephemeralOwner : 0;
    }

    /** True for a normal ephemeral node, the only kind that rejects children. */
    boolean isEphemeral() {
        return Txn.isSessionOwner(ephemeralOwner);
    }

    Stat stat() {
        int numChildren = numChildren();
        int visibleCversion = 2 * cversion - numChildren;
        int dataLength = data == null ? 0 : data.length;
        return new Stat(czxid, mzxid, ctime, mtime, version, visibleCversion, aversion,
                clientEphemeralOwner(), dataLength, numChildren, pzxid);
    }
}

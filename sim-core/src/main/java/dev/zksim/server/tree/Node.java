package dev.zksim.server.tree;

import dev.zksim.api.Stat;
import java.util.ArrayList;
import java.util.List;

/**
 * One znode as the tree stores it. cversion is ZooKeeper's internal value (child creates
 * only); the visible one is derived in {@link #stat()}. A node may be shared by several
 * trees and snapshots: it is changed in place only by the tree whose current
 * {@link HashTrie.Edit} made it (its {@link #owner}), and copied by any other (see
 * {@link DataTree}). Its children are a {@link HashTrie#PATHS} set of their full paths,
 * which are the very strings the path index holds, so a child costs the node a trie slot
 * and no string of its own; they are sorted only when listed.
 */
final class Node {
    /** The full path; null only for nodes made outside a tree. */
    final String path;
    final HashTrie.Edit owner;
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
    private int numChildren;
    /** The children's full paths as a trie root, or null while there are none. */
    private Object children;
    /**
     * The immutable sorted list the last read returned, shared by every read until the
     * children change: a lock's waiters all list the same parent after each delete, and
     * copying the set for each of them was a tenth of the CPU at a thousand children.
     */
    private List<String> childNamesView;

    Node(String path, HashTrie.Edit owner, byte[] data, long czxid, long ctime, long ephemeralOwner, int perms) {
        this.path = path;
        this.owner = owner;
        this.data = data;
        this.czxid = czxid;
        this.ctime = ctime;
        this.mzxid = czxid;
        this.mtime = ctime;
        this.pzxid = czxid;
        this.ephemeralOwner = ephemeralOwner;
        this.perms = perms;
    }

    /** A node outside any tree, for tests of its own rules. */
    Node(byte[] data, long czxid, long ctime, long ephemeralOwner, int perms) {
        this(null, null, data, czxid, ctime, ephemeralOwner, perms);
    }

    /**
     * A copy that the given edit may change. The children's trie is shared, not copied: its
     * own trie nodes are copied on the first change under the new edit.
     */
    Node(Node other, HashTrie.Edit owner) {
        this(other.path, owner, other.data, other.czxid, other.ctime, other.ephemeralOwner, other.perms);
        this.mzxid = other.mzxid;
        this.mtime = other.mtime;
        this.version = other.version;
        this.cversion = other.cversion;
        this.aversion = other.aversion;
        this.pzxid = other.pzxid;
        this.numChildren = other.numChildren;
        this.children = other.children;
        this.childNamesView = other.childNamesView;
    }

    int numChildren() {
        return numChildren;
    }

    /** Adds a child that this node does not have yet, by its full path. */
    void addChild(String childPath) {
        children = HashTrie.PATHS.put(children, childPath, owner);
        numChildren++;
        childNamesView = null;
    }

    /** Removes a child that this node has, by its full path. */
    void removeChild(String childPath) {
        children = HashTrie.PATHS.remove(children, childPath, owner);
        numChildren--;
        childNamesView = null;
    }

    /** The child names in sorted order, as an immutable list shared until they change. */
    List<String> childNames() {
        if (numChildren == 0) {
            return List.of();
        }
        if (childNamesView == null) {
            List<String> names = new ArrayList<>(numChildren);
            HashTrie.PATHS.forEach(children, childPath -> names.add(ZnodePaths.childName(childPath)));
            names.sort(null);
            childNamesView = List.copyOf(names);
        }
        return childNamesView;
    }

    /** Container and TTL owners are internal markers; a client sees 0 for them. */
    long clientEphemeralOwner() {
        return ephemeralOwner == Txn.CONTAINER_OWNER ? 0 : ephemeralOwner;
    }

    /** True for a normal ephemeral node, the only kind that rejects children. */
    boolean isEphemeral() {
        return ephemeralOwner != 0 && ephemeralOwner != Txn.CONTAINER_OWNER;
    }

    Stat stat() {
        int visibleCversion = 2 * cversion - numChildren;
        int dataLength = data == null ? 0 : data.length;
        return new Stat(czxid, mzxid, ctime, mtime, version, visibleCversion, aversion,
                clientEphemeralOwner(), dataLength, numChildren, pzxid);
    }
}

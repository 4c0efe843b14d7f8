package dev.zksim.server.tree;

import dev.zksim.api.Stat;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * One znode as the tree stores it. cversion is ZooKeeper's internal value (child creates
 * only); the visible one is derived in {@link #stat()}. A node may be shared by several
 * trees and snapshots: it is changed in place only by the tree whose current {@link Edit}
 * made it (its {@link #owner}), and copied by any other (see {@link DataTree}). Its
 * children are kept by their full paths, the very strings the path index holds, so a child
 * costs its parent two array slots and no string of its own; they are sorted only when
 * listed, and a leaf has no child storage at all.
 */
final class Node {
    /** The full path; null only for nodes made outside a tree. */
    final String path;
    final Edit owner;
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
    /** Null while the node has never had a child (most nodes). */
    private Children children;

    Node(String path, Edit owner, byte[] data, long czxid, long ctime, long ephemeralOwner, int perms) {
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
     * A copy that the given edit may change. The children are shared, not copied: they are
     * copied on their first change under the new edit.
     */
    Node(Node other, Edit owner) {
        this(other.path, owner, other.data, other.czxid, other.ctime, other.ephemeralOwner, other.perms);
        this.mzxid = other.mzxid;
        this.mtime = other.mtime;
        this.version = other.version;
        this.cversion = other.cversion;
        this.aversion = other.aversion;
        this.pzxid = other.pzxid;
        this.children = other.children;
    }

    int numChildren() {
        return children == null ? 0 : children.size;
    }

    /** Adds a child that this node does not have yet, by its full path. */
    void addChild(String childPath) {
        writableChildren().add(childPath);
    }

    /** Removes a child this node has, by its full path (the tree removes only children it holds). */
    void removeChild(String childPath) {
        int index = children.indexOf(childPath);
        writableChildren().remove(index);
    }

    private Children writableChildren() {
        if (children == null) {
            children = new Children(owner);
        } else if (children.owner != owner) {
            children = new Children(children, owner);
        }
        return children;
    }

    /** The child names in sorted order, as an immutable list shared until they change. */
    List<String> childNames() {
        return children == null ? List.of() : children.sortedNames();
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

    /** Above this many children a change drops the sorted names instead of keeping them sorted. */
    private static final int KEEP_SORTED_UP_TO = 4096;

    /**
     * A node's children, unordered: full paths with their hashes beside them, so that a
     * removal scans ints and compares one string. Copied whole on the first change under a
     * new edit, which costs O(children) once per snapshot or copy that shared it.
     */
    private static final class Children {
        final Edit owner;
        private String[] paths;
        private int[] hashes;
        int size;
        /**
         * The sorted child names the last read returned, shared by every read until the
         * children change, and then kept up to date by each change instead of sorted again
         * (a lock's waiters list the parent after every create and delete: copying the set
         * for each was a tenth of the CPU at a thousand children, and sorting it again after
         * each change a tenth at ten). Null until a read asks, and again once the children
         * outgrow {@link #KEEP_SORTED_UP_TO}, so building a large tree costs no copies.
         */
        private SortedNames sortedNames;

        Children(Edit owner) {
            this.owner = owner;
            this.paths = new String[2];
            this.hashes = new int[2];
        }

        Children(Children other, Edit owner) {
            this.owner = owner;
            this.paths = other.paths.clone();
            this.hashes = other.hashes.clone();
            this.size = other.size;
            this.sortedNames = other.sortedNames;
        }

        void add(String path) {
            if (size == paths.length) {
                int capacity = size + (size >> 1) + 1;
                paths = Arrays.copyOf(paths, capacity);
                hashes = Arrays.copyOf(hashes, capacity);
            }
            paths[size] = path;
            hashes[size] = path.hashCode();
            size++;
            sortedNames = sortedNames == null || size > KEEP_SORTED_UP_TO ? null
                : sortedNames.with(ZnodePaths.childName(path));
        }

        /** The index of a child that is present; the scan runs off the array for an absent one. */
        int indexOf(String path) {
            int hash = path.hashCode();
            int index = 0;
            while (hashes[index] != hash || !path.equals(paths[index])) {
                index++;
            }
            return index;
        }

        /** Removes the child at this index; the last child takes its place. */
        void remove(int index) {
            String removed = paths[index];
            size--;
            paths[index] = paths[size];
            hashes[index] = hashes[size];
            paths[size] = null;
            sortedNames = sortedNames == null ? null : sortedNames.withoutNameOf(removed);
        }

        List<String> sortedNames() {
            if (sortedNames == null) {
                String[] names = new String[size];
                for (int i = 0; i < size; i++) {
                    names[i] = ZnodePaths.childName(paths[i]);
                }
                Arrays.sort(names);
                sortedNames = new SortedNames(names);
            }
            return sortedNames;
        }
    }

    /**
     * An immutable list over a sorted array of names it owns, so a read shares it without a
     * copy and a change makes the next one with one array copy and a binary search.
     */
    private static final class SortedNames extends AbstractList<String> implements RandomAccess {
        private final String[] names;

        SortedNames(String[] names) {
            this.names = names;
        }

        @Override
        public String get(int index) {
            return names[index];
        }

        @Override
        public int size() {
            return names.length;
        }

        /**
         * A copy of the array, instead of the inherited copy element by element through an
         * iterator: a reply's {@code List.copyOf} of a listing calls this.
         */
        @Override
        public Object[] toArray() {
            return Arrays.copyOf(names, names.length, Object[].class);
        }

        /**
         * The list with a name it does not hold yet. A sequential child's name usually sorts
         * after every sibling's (its counter is the parent's newest), so the end is tried
         * before a binary search, which would compare the names' long shared prefixes a few
         * times over.
         */
        SortedNames with(String name) {
            boolean last = names.length == 0 || names[names.length - 1].compareTo(name) < 0;
            int at = last ? names.length : -Arrays.binarySearch(names, name) - 1;
            String[] longer = new String[names.length + 1];
            System.arraycopy(names, 0, longer, 0, at);
            longer[at] = name;
            System.arraycopy(names, at, longer, at + 1, names.length - at);
            return new SortedNames(longer);
        }

        /**
         * The list without the name that ends this child's full path. The name is searched
         * for in place, compared with the path's tail, instead of being cut out of the path
         * as a new string only to be compared.
         */
        SortedNames withoutNameOf(String childPath) {
            int at = indexOfNameOf(childPath);
            String[] shorter = new String[names.length - 1];
            System.arraycopy(names, 0, shorter, 0, at);
            System.arraycopy(names, at + 1, shorter, at, shorter.length - at);
            return new SortedNames(shorter);
        }

        /**
         * A binary search for a name that is present, by {@link String#compareTo}'s order. The
         * first name is tried first: the lowest sequential child (a lock's holder, a queue's
         * head) is the one usually deleted.
         */
        private int indexOfNameOf(String childPath) {
            int from = childPath.lastIndexOf('/') + 1;
            if (compareWithTail(names[0], childPath, from) == 0) {
                return 0;
            }
            int low = 1;
            int high = names.length - 1;
            while (low <= high) {
                int middle = (low + high) >>> 1;
                int order = compareWithTail(names[middle], childPath, from);
                if (order < 0) {
                    low = middle + 1;
                } else if (order > 0) {
                    high = middle - 1;
                } else {
                    return middle;
                }
            }
            throw new IllegalStateException("No child " + childPath + " among " + this);
        }

        /** {@code name.compareTo(path.substring(from))}, without the substring. */
        private static int compareWithTail(String name, String path, int from) {
            int tailLength = path.length() - from;
            int common = Math.min(name.length(), tailLength);
            for (int i = 0; i < common; i++) {
                char mine = name.charAt(i);
                char theirs = path.charAt(from + i);
                if (mine != theirs) {
                    return mine - theirs;
                }
            }
            return name.length() - tailLength;
        }
    }
}

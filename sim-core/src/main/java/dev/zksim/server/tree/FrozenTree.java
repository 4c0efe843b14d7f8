package dev.zksim.server.tree;

import dev.zksim.kernel.collect.LongMap;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.RandomAccess;
import java.util.TreeSet;

/**
 * The node list of a snapshot a tree took: the tree's state at that moment, shared with
 * the tree (which copies what it changes afterwards), so that taking it is O(1) and
 * {@link DataTree#restore} can adopt it whole. As a list it shows the nodes' images in
 * path order, built on the first read and kept, which only dumps, comparisons and the
 * trace of a snapshot sent to a follower do. The owner indexes must never be changed: the
 * tree and every tree restored from this copy them before a change.
 */
final class FrozenTree extends AbstractList<DataTreeSnapshot.NodeImage> implements RandomAccess {
    private final PathIndex nodes;
    private final long digest;
    private final boolean digestKept;
    private final LongMap<TreeSet<String>> ephemeralsBySession;
    private final TreeSet<String> containers;
    private final TreeSet<String> ttlNodes;
    private final TreeVersion version;
    private List<DataTreeSnapshot.NodeImage> images;

    /** The index must be a copy no tree writes to. */
    FrozenTree(PathIndex nodes, long digest, boolean digestKept, LongMap<TreeSet<String>> ephemeralsBySession,
            TreeSet<String> containers, TreeSet<String> ttlNodes, TreeVersion version) {
        this.nodes = nodes;
        this.digest = digest;
        this.digestKept = digestKept;
        this.ephemeralsBySession = ephemeralsBySession;
        this.containers = containers;
        this.ttlNodes = ttlNodes;
        this.version = version;
    }

    /** The tree's state when it was taken, or null if the tree did not share its applications. */
    TreeVersion version() {
        return version;
    }

    PathIndex nodes() {
        return nodes;
    }

    /** The tree's digest when it was taken; meaningful only if {@link #digestKept()}. */
    long digest() {
        return digest;
    }

    /** Whether the tree's digest had been read (and so was kept up to date) when this was taken. */
    boolean digestKept() {
        return digestKept;
    }

    LongMap<TreeSet<String>> ephemeralsBySession() {
        return ephemeralsBySession;
    }

    TreeSet<String> containers() {
        return containers;
    }

    TreeSet<String> ttlNodes() {
        return ttlNodes;
    }

    @Override
    public int size() {
        return nodes.size();
    }

    @Override
    public DataTreeSnapshot.NodeImage get(int index) {
        return images().get(index);
    }

    private List<DataTreeSnapshot.NodeImage> images() {
        if (images == null) {
            List<DataTreeSnapshot.NodeImage> list = new ArrayList<>(nodes.size());
            nodes.forEach(node -> list.add(DataTreeSnapshot.NodeImage.of(node.path, node)));
            list.sort(Comparator.comparing(DataTreeSnapshot.NodeImage::path));
            images = List.copyOf(list);
        }
        return images;
    }

}

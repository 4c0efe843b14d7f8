package dev.zksim.server.tree;

import java.util.function.Consumer;

/**
 * Every node of a tree by its full path: an open-addressing hash table (linear probing,
 * at most half full) split into chunks of 64 slots that are copied on write. A copy of
 * the index ({@link #PathIndex(PathIndex)}) shares the chunk directory and every chunk, so
 * snapshots and tree copies cost O(1); afterwards each side copies the directory once and
 * a chunk the first time it writes to it under its current {@link Edit}, so a change costs
 * O(1) and a generation of changes costs at most one copy of what it touched. A lookup
 * reads one chunk and, mostly, one node: about the cost of a java.util.HashMap, without
 * an entry object per node.
 *
 * <p>Slots hold the {@link Node}s themselves, keyed by {@link Node#path}. Hashes come from
 * String.hashCode, which the Java specification defines, so where a node lands, and the
 * order {@link #forEach} visits nodes in, are the same in every JVM and run.
 */
final class PathIndex {
    private static final int CHUNK_BITS = 6;
    private static final int MIN_BITS = 3;

    /**
     * capacity = 1 << bits slots, in chunks of min(64, capacity) slots: each chunk is an
     * Object[] of nodes with the owning edit in its last element, and an int[] beside it of
     * the nodes' path hashes, so that a probe passes other nodes' slots without reading them.
     */
    private int bits;
    private int chunkBits;
    private Object[][] chunks;
    private int[][] hashChunks;
    private Edit directoryOwner;
    private int size;

    /** An empty index of eight slots. */
    PathIndex(Edit edit) {
        allocate(MIN_BITS, edit);
    }

    /** A copy sharing all storage with the original; whichever writes first copies what it writes. */
    PathIndex(PathIndex original) {
        this.bits = original.bits;
        this.chunkBits = original.chunkBits;
        this.chunks = original.chunks;
        this.hashChunks = original.hashChunks;
        this.size = original.size;
    }

    /** Takes over another index's nodes, sharing its storage as a copy would. */
    void adopt(PathIndex other) {
        this.bits = other.bits;
        this.chunkBits = other.chunkBits;
        this.chunks = other.chunks;
        this.hashChunks = other.hashChunks;
        this.size = other.size;
        this.directoryOwner = null;
    }

    /** How many chunks the directory holds: what a copy of the directory copies. */
    int chunkCount() {
        return chunks.length;
    }

    int size() {
        return size;
    }

    /** The node with this path, or null. */
    Node get(String path) {
        int hash = path.hashCode();
        int slot = find(path, hash);
        return slot < 0 ? null : at(slot);
    }

    /**
     * The node whose path is the parent of {@code childPath} (the root for a child of the
     * root), or null. The parent's path is a prefix of the child's, so it is hashed and
     * compared in place: every create and delete looks its parent up on every replica, and
     * cutting the parent's path out of the child's made a string for each.
     */
    Node parentOf(String childPath) {
        int length = Math.max(1, childPath.lastIndexOf('/'));
        int hash = 0;
        for (int i = 0; i < length; i++) {
            hash = 31 * hash + childPath.charAt(i);
        }
        int slot = find(childPath, length, hash);
        return slot < 0 ? null : at(slot);
    }

    /** Adds the node, or replaces the node with the same path. */
    void put(Node node, Edit edit) {
        int hash = node.path.hashCode();
        int slot = find(node.path, hash);
        if (slot >= 0) {
            set(slot, node, hash, edit);
        } else {
            add(node, hash, edit);
        }
    }

    /** Adds the node if no node has its path and returns null; else returns that node and changes nothing. */
    Node putIfAbsent(Node node, Edit edit) {
        int hash = node.path.hashCode();
        int slot = find(node.path, hash);
        if (slot >= 0) {
            return at(slot);
        }
        add(node, hash, edit);
        return null;
    }

    /** Removes the node with this path if there is one, closing the gap it leaves in its probe run. */
    void remove(String path, Edit edit) {
        int hole = find(path, path.hashCode());
        if (hole < 0) {
            return;
        }
        int mask = (1 << bits) - 1;
        // Backward shift: a later node of the run moves into the hole unless its home
        // lies cyclically after the hole, where a lookup would no longer pass the hole.
        for (int slot = (hole + 1) & mask; ; slot = (slot + 1) & mask) {
            Node node = at(slot);
            if (node == null) {
                break;
            }
            int hash = hashAt(slot);
            int home = home(hash);
            if (((slot - home) & mask) >= ((slot - hole) & mask)) {
                set(hole, node, hash, edit);
                hole = slot;
            }
        }
        set(hole, null, 0, edit);
        size--;
    }

    /** Visits every node once, in slot order. */
    void forEach(Consumer<? super Node> action) {
        int chunkSize = 1 << chunkBits;
        for (Object[] chunk : chunks) {
            for (int i = 0; i < chunkSize; i++) {
                if (chunk[i] != null) {
                    action.accept((Node) chunk[i]);
                }
            }
        }
    }

    /** The slot of the node with this path, or -1 - the free slot where its probe run ends. */
    private int find(String path, int hash) {
        return find(path, path.length(), hash);
    }

    /**
     * The slot of the node whose path is the first {@code length} characters of {@code path}
     * (hashed as {@link String#hashCode} would hash them), or -1 - the free slot where it
     * would go.
     */
    private int find(String path, int length, int hash) {
        int mask = (1 << bits) - 1;
        int chunkMask = (1 << chunkBits) - 1;
        for (int slot = home(hash); ; slot = (slot + 1) & mask) {
            Object[] chunk = chunks[slot >>> chunkBits];
            Node node = (Node) chunk[slot & chunkMask];
            if (node == null) {
                return -1 - slot;
            }
            if (hashChunks[slot >>> chunkBits][slot & chunkMask] == hash && node.path.length() == length
                    && (node.path == path || matches(path, length, node.path))) {
                return slot;
            }
        }
    }

    /**
     * Whether the first {@code length} characters of {@code path} are {@code nodePath}, whose
     * length is {@code length}. Most lookups are of a whole path, which a request carries in a
     * string of its own, and {@code equals}, whose compare the JIT writes in place, settles a
     * 27-character path in 6 ns here where {@code startsWith}, through a mismatch search,
     * takes 10.5.
     */
    private static boolean matches(String path, int length, String nodePath) {
        return length == path.length() ? path.equals(nodePath) : path.startsWith(nodePath);
    }

    private void add(Node node, int hash, Edit edit) {
        if (size + 1 > 1 << (bits - 1)) {
            grow(edit);
        }
        int slot = -1 - find(node.path, hash);
        set(slot, node, hash, edit);
        size++;
    }

    /** Fibonacci hashing: the top bits of the product, so that similar paths spread over the table. */
    private int home(int hash) {
        return (hash * 0x9E3779B9) >>> (32 - bits);
    }

    private Node at(int slot) {
        return (Node) chunks[slot >>> chunkBits][slot & ((1 << chunkBits) - 1)];
    }

    private int hashAt(int slot) {
        return hashChunks[slot >>> chunkBits][slot & ((1 << chunkBits) - 1)];
    }

    private void set(int slot, Node node, int hash, Edit edit) {
        if (directoryOwner != edit) {
            chunks = chunks.clone();
            hashChunks = hashChunks.clone();
            directoryOwner = edit;
        }
        int chunkSize = 1 << chunkBits;
        int index = slot >>> chunkBits;
        Object[] chunk = chunks[index];
        if (chunk[chunkSize] != edit) {
            chunk = chunk.clone();
            chunk[chunkSize] = edit;
            chunks[index] = chunk;
            hashChunks[index] = hashChunks[index].clone();
        }
        chunk[slot & (chunkSize - 1)] = node;
        hashChunks[index][slot & (chunkSize - 1)] = hash;
    }

    /** Doubles the table: new chunks, the old ones left intact for whoever shares them. */
    private void grow(Edit edit) {
        Object[][] oldChunks = chunks;
        int[][] oldHashes = hashChunks;
        int oldChunkSize = 1 << chunkBits;
        allocate(bits + 1, edit);
        for (int c = 0; c < oldChunks.length; c++) {
            for (int i = 0; i < oldChunkSize; i++) {
                Node node = (Node) oldChunks[c][i];
                if (node != null) {
                    int hash = oldHashes[c][i];
                    set(-1 - find(node.path, hash), node, hash, edit);
                }
            }
        }
    }

    private void allocate(int newBits, Edit edit) {
        bits = newBits;
        chunkBits = Math.min(CHUNK_BITS, newBits);
        int chunkSize = 1 << chunkBits;
        chunks = new Object[1 << (newBits - chunkBits)][];
        hashChunks = new int[chunks.length][];
        for (int i = 0; i < chunks.length; i++) {
            chunks[i] = new Object[chunkSize + 1];
            chunks[i][chunkSize] = edit;
            hashChunks[i] = new int[chunkSize];
        }
        directoryOwner = edit;
    }
}

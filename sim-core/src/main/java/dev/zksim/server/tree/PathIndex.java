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

    /** capacity = 1 << bits slots, in chunks of min(64, capacity) slots plus the owning edit in the last element. */
    private int bits;
    private int chunkBits;
    private Object[][] chunks;
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
        this.size = original.size;
    }

    int size() {
        return size;
    }

    /** The node with this path, or null. */
    Node get(String path) {
        int hash = path.hashCode();
        int mask = (1 << bits) - 1;
        for (int slot = home(hash); ; slot = (slot + 1) & mask) {
            Node node = at(slot);
            if (node == null || matches(node, path, hash)) {
                return node;
            }
        }
    }

    /** Adds the node, or replaces the node with the same path. */
    void put(Node node, Edit edit) {
        String path = node.path;
        int hash = path.hashCode();
        int mask = (1 << bits) - 1;
        int slot = home(hash);
        for (Node present = at(slot); present != null; present = at(slot)) {
            if (matches(present, path, hash)) {
                set(slot, node, edit);
                return;
            }
            slot = (slot + 1) & mask;
        }
        if (size + 1 > 1 << (bits - 1)) {
            grow(edit);
            put(node, edit);
            return;
        }
        set(slot, node, edit);
        size++;
    }

    /** Removes the node with this path if there is one, closing the gap it leaves in its probe run. */
    void remove(String path, Edit edit) {
        int hash = path.hashCode();
        int mask = (1 << bits) - 1;
        int hole = home(hash);
        for (Node present = at(hole); !matches(present, path, hash); present = at(hole)) {
            if (present == null) {
                return;
            }
            hole = (hole + 1) & mask;
        }
        // Backward shift: a later node of the run moves into the hole unless its home
        // lies cyclically after the hole, where a lookup would no longer pass the hole.
        for (int slot = (hole + 1) & mask; ; slot = (slot + 1) & mask) {
            Node node = at(slot);
            if (node == null) {
                break;
            }
            int home = home(node.path.hashCode());
            if (((slot - home) & mask) >= ((slot - hole) & mask)) {
                set(hole, node, edit);
                hole = slot;
            }
        }
        set(hole, null, edit);
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

    private static boolean matches(Node node, String path, int hash) {
        return node != null && (node.path == path || node.path.hashCode() == hash && node.path.equals(path));
    }

    /** Fibonacci hashing: the top bits of the product, so that similar paths spread over the table. */
    private int home(int hash) {
        return (hash * 0x9E3779B9) >>> (32 - bits);
    }

    private Node at(int slot) {
        return (Node) chunks[slot >>> chunkBits][slot & ((1 << chunkBits) - 1)];
    }

    private void set(int slot, Node node, Edit edit) {
        if (directoryOwner != edit) {
            chunks = chunks.clone();
            directoryOwner = edit;
        }
        int chunkSize = 1 << chunkBits;
        Object[] chunk = chunks[slot >>> chunkBits];
        if (chunk[chunkSize] != edit) {
            chunk = chunk.clone();
            chunk[chunkSize] = edit;
            chunks[slot >>> chunkBits] = chunk;
        }
        chunk[slot & (chunkSize - 1)] = node;
    }

    /** Doubles the table: new chunks, the old ones left intact for whoever shares them. */
    private void grow(Edit edit) {
        Object[][] old = chunks;
        int oldChunkSize = 1 << chunkBits;
        allocate(bits + 1, edit);
        int mask = (1 << bits) - 1;
        for (Object[] chunk : old) {
            for (int i = 0; i < oldChunkSize; i++) {
                Node node = (Node) chunk[i];
                if (node != null) {
                    int slot = home(node.path.hashCode());
                    while (at(slot) != null) {
                        slot = (slot + 1) & mask;
                    }
                    chunks[slot >>> chunkBits][slot & ((1 << chunkBits) - 1)] = node;
                }
            }
        }
    }

    private void allocate(int newBits, Edit edit) {
        bits = newBits;
        chunkBits = Math.min(CHUNK_BITS, newBits);
        int chunkSize = 1 << chunkBits;
        chunks = new Object[1 << (newBits - chunkBits)][];
        for (int i = 0; i < chunks.length; i++) {
            chunks[i] = new Object[chunkSize + 1];
            chunks[i][chunkSize] = edit;
        }
        directoryOwner = edit;
    }
}

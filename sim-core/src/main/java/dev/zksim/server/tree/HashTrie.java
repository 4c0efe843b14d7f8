package dev.zksim.server.tree;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A persistent hash array mapped trie of entries keyed by a string, the storage behind the
 * data tree's path index and each node's child set. A trie is a root object (null when
 * empty); every update returns the new root. Trie nodes are shared between trees and
 * snapshots, so that taking a snapshot or a copy costs nothing: each trie node records the
 * {@link Edit} it was made under, and an update changes a trie node in place only if it was
 * made under the caller's current edit, and otherwise copies it (path copying, so an update
 * costs O(depth) and leaves every older root intact). A tree takes a new edit whenever it
 * shares its roots, which freezes everything made so far.
 *
 * <p>Hashes are String.hashCode, which the Java specification defines, so the shape of a
 * trie, and the order {@link #forEach} visits entries in, are the same in every JVM and
 * run. Entries whose keys share all 32 hash bits go into a {@link Bucket}. The trie does
 * not count its entries; callers add an entry only when its key is absent and remove only
 * present keys, and keep their own counts.
 *
 * @param <E> the entry type; never a {@link Branch} or {@link Bucket}
 */
abstract class HashTrie<E> {
    private static final int BITS = 5;
    private static final int MASK = (1 << BITS) - 1;

    /** The path index: nodes keyed by their full path. */
    static final HashTrie<Node> NODES = new HashTrie<>() {
        @Override
        String keyOf(Node node) {
            return node.path;
        }
    };

    /** A child set: the children's full paths, each its own key. */
    static final HashTrie<String> PATHS = new HashTrie<>() {
        @Override
        String keyOf(String path) {
            return path;
        }
    };

    /** The owner of the trie nodes one tree may still change in place; compared by identity. */
    static final class Edit {
    }

    /** Up to 32 slots picked by five bits of the hash; a slot holds an entry or a deeper trie node. */
    private static final class Branch {
        final Edit owner;
        int bitmap;
        Object[] slots;

        Branch(Edit owner, int bitmap, Object[] slots) {
            this.owner = owner;
            this.bitmap = bitmap;
            this.slots = slots;
        }
    }

    /** Entries whose keys have the same hash, in insertion order. */
    private static final class Bucket {
        final int hash;
        final Object[] entries;

        Bucket(int hash, Object[] entries) {
            this.hash = hash;
            this.entries = entries;
        }
    }

    abstract String keyOf(E entry);

    /** The entry with this key, or null. */
    @SuppressWarnings("unchecked")
    final E get(Object root, String key) {
        int hash = key.hashCode();
        Object node = root;
        int shift = 0;
        while (node instanceof Branch branch) {
            int bit = bit(hash, shift);
            if ((branch.bitmap & bit) == 0) {
                return null;
            }
            node = branch.slots[index(branch.bitmap, bit)];
            shift += BITS;
        }
        if (node instanceof Bucket bucket) {
            return (E) find(bucket, key);
        }
        return node != null && keyOf((E) node).equals(key) ? (E) node : null;
    }

    /** Adds the entry, or replaces the one with the same key; returns the new root. */
    final Object put(Object root, E entry, Edit edit) {
        String key = keyOf(entry);
        if (root == null) {
            return new Branch(edit, bit(key.hashCode(), 0), new Object[] {entry});
        }
        return put((Branch) root, 0, entry, key, key.hashCode(), edit);
    }

    /** Removes the entry with this key if there is one; returns the new root (null when empty). */
    final Object remove(Object root, String key, Edit edit) {
        if (root == null) {
            return null;
        }
        return remove((Branch) root, 0, key, key.hashCode(), edit);
    }

    /** Visits every entry once, in an order fixed by the keys' hashes. */
    @SuppressWarnings("unchecked")
    final void forEach(Object root, Consumer<? super E> action) {
        switch (root) {
            case null -> {
                // An empty trie.
            }
            case Branch branch -> {
                for (Object slot : branch.slots) {
                    forEach(slot, action);
                }
            }
            case Bucket bucket -> {
                for (Object entry : bucket.entries) {
                    action.accept((E) entry);
                }
            }
            default -> action.accept((E) root);
        }
    }

    @SuppressWarnings("unchecked")
    private Branch put(Branch branch, int shift, E entry, String key, int hash, Edit edit) {
        int bit = bit(hash, shift);
        int index = index(branch.bitmap, bit);
        if ((branch.bitmap & bit) == 0) {
            Object[] slots = new Object[branch.slots.length + 1];
            System.arraycopy(branch.slots, 0, slots, 0, index);
            slots[index] = entry;
            System.arraycopy(branch.slots, index, slots, index + 1, branch.slots.length - index);
            if (branch.owner == edit) {
                branch.bitmap |= bit;
                branch.slots = slots;
                return branch;
            }
            return new Branch(edit, branch.bitmap | bit, slots);
        }
        Object slot = branch.slots[index];
        Object replacement;
        if (slot instanceof Branch child) {
            replacement = put(child, shift + BITS, entry, key, hash, edit);
        } else if (slot instanceof Bucket bucket) {
            replacement = bucket.hash == hash ? withEntry(bucket, entry, key)
                    : split(shift + BITS, bucket, bucket.hash, entry, hash, edit);
        } else if (keyOf((E) slot).equals(key)) {
            replacement = entry;
        } else {
            replacement = split(shift + BITS, slot, keyOf((E) slot).hashCode(), entry, hash, edit);
        }
        if (replacement == slot) {
            return branch;
        }
        Branch target = editable(branch, edit);
        target.slots[index] = replacement;
        return target;
    }

    /**
     * A trie node at this depth holding two things whose hashes agree on every level above:
     * an entry or bucket {@code first}, and a new entry. Equal hashes make a bucket; else the
     * first level where they differ gets a branch with both.
     */
    private Object split(int shift, Object first, int firstHash, E entry, int hash, Edit edit) {
        if (firstHash == hash) {
            return new Bucket(hash, new Object[] {first, entry});
        }
        int firstBit = bit(firstHash, shift);
        int bit = bit(hash, shift);
        if (firstBit == bit) {
            return new Branch(edit, bit, new Object[] {split(shift + BITS, first, firstHash, entry, hash, edit)});
        }
        Object[] slots = Integer.compareUnsigned(firstBit, bit) < 0 ? new Object[] {first, entry} : new Object[] {entry, first};
        return new Branch(edit, firstBit | bit, slots);
    }

    @SuppressWarnings("unchecked")
    private Bucket withEntry(Bucket bucket, E entry, String key) {
        Object[] entries = bucket.entries;
        for (int i = 0; i < entries.length; i++) {
            if (keyOf((E) entries[i]).equals(key)) {
                Object[] replaced = entries.clone();
                replaced[i] = entry;
                return new Bucket(bucket.hash, replaced);
            }
        }
        Object[] grown = Arrays.copyOf(entries, entries.length + 1);
        grown[entries.length] = entry;
        return new Bucket(bucket.hash, grown);
    }

    /**
     * Removes the key below this branch. Returns the branch, a changed branch, null when it
     * became empty, or the one entry left in it (the parent then holds that entry itself,
     * which keeps tries of lock queues shallow however many children came and went).
     */
    @SuppressWarnings("unchecked")
    private Object remove(Branch branch, int shift, String key, int hash, Edit edit) {
        int bit = bit(hash, shift);
        if ((branch.bitmap & bit) == 0) {
            return branch;
        }
        int index = index(branch.bitmap, bit);
        Object slot = branch.slots[index];
        Object replacement;
        if (slot instanceof Branch child) {
            replacement = remove(child, shift + BITS, key, hash, edit);
        } else if (slot instanceof Bucket bucket) {
            replacement = without(bucket, key);
        } else {
            replacement = keyOf((E) slot).equals(key) ? null : slot;
        }
        if (replacement == slot) {
            return branch;
        }
        if (replacement != null) {
            if (shift > 0 && branch.slots.length == 1 && isEntry(replacement)) {
                return replacement;
            }
            Branch target = editable(branch, edit);
            target.slots[index] = replacement;
            return target;
        }
        if (branch.slots.length == 1) {
            return null;
        }
        if (shift > 0 && branch.slots.length == 2 && isEntry(branch.slots[1 - index])) {
            return branch.slots[1 - index];
        }
        Object[] slots = new Object[branch.slots.length - 1];
        System.arraycopy(branch.slots, 0, slots, 0, index);
        System.arraycopy(branch.slots, index + 1, slots, index, slots.length - index);
        if (branch.owner == edit) {
            branch.bitmap &= ~bit;
            branch.slots = slots;
            return branch;
        }
        return new Branch(edit, branch.bitmap & ~bit, slots);
    }

    /** The bucket without the key: the same bucket if it lacks it, or its last entry alone. */
    @SuppressWarnings("unchecked")
    private Object without(Bucket bucket, String key) {
        Object[] entries = bucket.entries;
        for (int i = 0; i < entries.length; i++) {
            if (keyOf((E) entries[i]).equals(key)) {
                if (entries.length == 2) {
                    return entries[1 - i];
                }
                Object[] shrunk = new Object[entries.length - 1];
                System.arraycopy(entries, 0, shrunk, 0, i);
                System.arraycopy(entries, i + 1, shrunk, i, shrunk.length - i);
                return new Bucket(bucket.hash, shrunk);
            }
        }
        return bucket;
    }

    @SuppressWarnings("unchecked")
    private Object find(Bucket bucket, String key) {
        for (Object entry : bucket.entries) {
            if (keyOf((E) entry).equals(key)) {
                return entry;
            }
        }
        return null;
    }

    private static boolean isEntry(Object slot) {
        return !(slot instanceof Branch) && !(slot instanceof Bucket);
    }

    private static Branch editable(Branch branch, Edit edit) {
        return branch.owner == edit ? branch : new Branch(edit, branch.bitmap, branch.slots.clone());
    }

    /**
     * The slot bit for the hash at this depth (shift 0 to 30, the last level using the top
     * two bits). Two keys reach a deeper level only while their hashes agree, and keys with
     * equal hashes share a bucket instead, so no shift reaches 32.
     */
    private static int bit(int hash, int shift) {
        return 1 << ((hash >>> shift) & MASK);
    }

    private static int index(int bitmap, int bit) {
        return Integer.bitCount(bitmap & (bit - 1));
    }
}

package dev.zksim.server.tree;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The persistent trie behind the tree: lookups after adds and removes at every depth, keys
 * whose hashes collide, in-place changes only under the edit that made a trie node, and
 * old roots that stay intact whatever a later edit does.
 */
class HashTrieTest {
    private static final HashTrie<String> TRIE = HashTrie.PATHS;

    /** 2^bits distinct keys with one String.hashCode: "Aa" and "BB" hash alike, and so do their concatenations. */
    private static List<String> collidingKeys(int bits) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 1 << bits; i++) {
            StringBuilder key = new StringBuilder("/");
            for (int bit = 0; bit < bits; bit++) {
                key.append((i >> bit & 1) == 0 ? "Aa" : "BB");
            }
            keys.add(key.toString());
        }
        return keys;
    }

    private static List<String> manyKeys(int count) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            keys.add("/t" + i % 7 + "/n" + i);
        }
        return keys;
    }

    private static Object addAll(Object root, List<String> keys, HashTrie.Edit edit) {
        for (String key : keys) {
            root = TRIE.put(root, key, edit);
        }
        return root;
    }

    private static TreeSet<String> contents(Object root) {
        TreeSet<String> keys = new TreeSet<>();
        List<String> visited = new ArrayList<>();
        TRIE.forEach(root, visited::add);
        keys.addAll(visited);
        assertThat(visited).as("each entry visited once").hasSameSizeAs(keys);
        return keys;
    }

    @Test
    void findsEveryAddedKeyAndNoOther() {
        List<String> keys = manyKeys(5000);
        Object root = addAll(null, keys, new HashTrie.Edit());
        for (String key : keys) {
            assertThat(TRIE.get(root, key)).isSameAs(key);
        }
        assertThat(TRIE.get(root, "/t0/n5000")).isNull();
        assertThat(TRIE.get(null, "/a")).isNull();
        assertThat(contents(root)).hasSize(5000).containsAll(keys);
    }

    @Test
    void removingEveryKeyInAnyOrderEmptiesTheTrie() {
        List<String> keys = manyKeys(3000);
        HashTrie.Edit edit = new HashTrie.Edit();
        Object root = addAll(null, keys, edit);
        for (int i = 0; i < keys.size(); i += 2) {
            root = TRIE.remove(root, keys.get(i), edit);
        }
        for (int i = 0; i < keys.size(); i++) {
            assertThat(TRIE.get(root, keys.get(i))).as(keys.get(i)).isEqualTo(i % 2 == 0 ? null : keys.get(i));
        }
        for (int i = keys.size() - 1; i > 0; i -= 2) {
            root = TRIE.remove(root, keys.get(i), edit);
        }
        assertThat(root).isNull();
        assertThat(TRIE.remove(null, "/a", edit)).isNull();
    }

    @Test
    void removingAMissingKeyReturnsTheSameRoot() {
        HashTrie.Edit edit = new HashTrie.Edit();
        Object root = addAll(null, manyKeys(100), edit);
        assertThat(TRIE.remove(root, "/missing", edit)).isSameAs(root);
        assertThat(TRIE.remove(root, "/t1/n7", edit)).isSameAs(root);
        Object colliding = addAll(null, collidingKeys(2), edit);
        assertThat(TRIE.remove(colliding, "/AaAaAa", edit)).isSameAs(colliding);
    }

    @Test
    void keysWithEqualHashesShareABucketAndStayDistinct() {
        List<String> keys = collidingKeys(4);
        assertThat(keys.stream().map(String::hashCode).distinct()).hasSize(1);
        HashTrie.Edit edit = new HashTrie.Edit();
        Object root = addAll(null, manyKeys(200), edit);
        root = addAll(root, keys, edit);
        for (String key : keys) {
            assertThat(TRIE.get(root, key)).isSameAs(key);
        }
        assertThat(TRIE.get(root, "/AaAaAaAaAa")).isNull();
        root = TRIE.put(root, new String("/AaBBAaBB"), edit);
        assertThat(contents(root)).hasSize(216);
        for (String key : keys) {
            root = TRIE.remove(root, key, edit);
            assertThat(TRIE.get(root, key)).isNull();
        }
        assertThat(contents(root)).hasSize(200);
    }

    @Test
    void aKeyWhoseHashDiffersFromABucketsSplitsBesideIt() {
        // "/AaAa" and "/BBBB" collide; a key that agrees with them only in the lowest five
        // bits must land in a new branch beside their bucket, not inside it.
        List<String> bucket = collidingKeys(2);
        int hash = bucket.get(0).hashCode();
        String neighbour = null;
        for (int i = 0; neighbour == null; i++) {
            String candidate = "/k" + i;
            if ((candidate.hashCode() & 31) == (hash & 31) && candidate.hashCode() != hash) {
                neighbour = candidate;
            }
        }
        HashTrie.Edit edit = new HashTrie.Edit();
        Object root = addAll(null, bucket, edit);
        root = TRIE.put(root, neighbour, edit);
        assertThat(contents(root)).containsExactlyInAnyOrder(bucket.get(0), bucket.get(1), bucket.get(2), bucket.get(3), neighbour);
        root = TRIE.remove(root, neighbour, edit);
        assertThat(contents(root)).containsExactlyInAnyOrderElementsOf(bucket);
    }

    @Test
    void replacingAnEntryKeepsOneEntryPerKey() {
        HashTrie.Edit edit = new HashTrie.Edit();
        Object root = addAll(null, manyKeys(50), edit);
        String same = new String("/t3/n10");
        Object replaced = TRIE.put(root, same, edit);
        assertThat(TRIE.get(replaced, "/t3/n10")).isSameAs(same);
        assertThat(contents(replaced)).hasSize(50);
        assertThat(TRIE.put(replaced, same, edit)).isSameAs(replaced);
        List<String> colliding = collidingKeys(3);
        Object withBucket = addAll(null, colliding, edit);
        String again = new String(colliding.get(5));
        withBucket = TRIE.put(withBucket, again, edit);
        assertThat(TRIE.get(withBucket, colliding.get(5))).isSameAs(again);
        assertThat(contents(withBucket)).hasSize(8);
    }

    @Test
    void aRootTakenBeforeANewEditNeverChanges() {
        HashTrie.Edit first = new HashTrie.Edit();
        List<String> keys = manyKeys(2000);
        Object frozen = addAll(null, keys.subList(0, 1000), first);
        TreeSet<String> before = contents(frozen);

        HashTrie.Edit second = new HashTrie.Edit();
        Object later = addAll(frozen, keys.subList(1000, 2000), second);
        for (int i = 0; i < 1000; i += 3) {
            later = TRIE.remove(later, keys.get(i), second);
        }
        later = addAll(later, collidingKeys(3), second);
        later = TRIE.remove(later, collidingKeys(3).get(0), second);

        assertThat(contents(frozen)).isEqualTo(before);
        assertThat(contents(later)).hasSize(2000 - 334 + 7);
        assertThat(TRIE.get(later, keys.get(0))).isNull();
        assertThat(TRIE.get(frozen, keys.get(0))).isEqualTo(keys.get(0));
    }

    @Test
    void underItsOwnEditATrieChangesInPlace() {
        HashTrie.Edit edit = new HashTrie.Edit();
        Object root = addAll(null, manyKeys(500), edit);
        assertThat(TRIE.put(root, "/new", edit)).isSameAs(root);
        assertThat(TRIE.remove(root, "/new", edit)).isSameAs(root);
        Object copied = TRIE.put(root, "/new", new HashTrie.Edit());
        assertThat(copied).isNotSameAs(root);
        assertThat(TRIE.get(root, "/new")).isNull();
    }
}

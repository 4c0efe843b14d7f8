package dev.zksim.server.tree;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The tree's copy-on-write path index: lookups after puts, replacements and removals in
 * any order (the backward shift must keep every probe run whole, also across the table's
 * end and across chunks), keys whose hashes collide, growth, and copies that never see
 * each other's later changes.
 */
class PathIndexTest {

    private static Node node(String path, Edit edit) {
        return new Node(path, edit, null, 1, 1, 0, Perms.ALL);
    }

    private static List<String> paths(int count) {
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            paths.add("/t" + i % 7 + "/n" + i);
        }
        return paths;
    }

    /** 2^bits distinct paths with one String.hashCode: "Aa" and "BB" hash alike, and so do their concatenations. */
    private static List<String> collidingPaths(int bits) {
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < 1 << bits; i++) {
            StringBuilder path = new StringBuilder("/");
            for (int bit = 0; bit < bits; bit++) {
                path.append((i >> bit & 1) == 0 ? "Aa" : "BB");
            }
            paths.add(path.toString());
        }
        return paths;
    }

    private static PathIndex indexOf(List<String> paths, Edit edit) {
        PathIndex index = new PathIndex(edit);
        paths.forEach(path -> index.put(node(path, edit), edit));
        return index;
    }

    private static TreeSet<String> contents(PathIndex index) {
        List<String> visited = new ArrayList<>();
        index.forEach(node -> visited.add(node.path));
        TreeSet<String> distinct = new TreeSet<>(visited);
        assertThat(visited).as("each node visited once").hasSameSizeAs(distinct);
        assertThat(index.size()).isEqualTo(distinct.size());
        return distinct;
    }

    @Test
    void findsEveryNodePutAndNoOther() {
        List<String> paths = paths(5000);
        PathIndex index = indexOf(paths, new Edit());
        for (String path : paths) {
            assertThat(index.get(new String(path)).path).isEqualTo(path);
        }
        assertThat(index.get("/t0/n5000")).isNull();
        assertThat(index.get("/")).isNull();
        assertThat(contents(index)).hasSize(5000).containsAll(paths);
    }

    @Test
    void putReplacesTheNodeWithTheSamePath() {
        Edit edit = new Edit();
        PathIndex index = indexOf(paths(100), edit);
        Node replacement = node(new String("/t3/n10"), edit);
        index.put(replacement, edit);
        assertThat(index.get("/t3/n10")).isSameAs(replacement);
        assertThat(index.size()).isEqualTo(100);
    }

    @Test
    void removalsInAnyOrderKeepEveryOtherNodeFindable() {
        List<String> paths = paths(3000);
        Edit edit = new Edit();
        PathIndex index = indexOf(paths, edit);
        for (int i = 0; i < paths.size(); i += 3) {
            index.remove(paths.get(i), edit);
        }
        for (int i = 0; i < paths.size(); i++) {
            Node found = index.get(paths.get(i));
            assertThat(found == null).as(paths.get(i)).isEqualTo(i % 3 == 0);
        }
        for (int i = paths.size() - 1; i >= 0; i--) {
            index.remove(paths.get(i), edit);
        }
        assertThat(index.size()).isZero();
        assertThat(contents(index)).isEmpty();
        for (String path : paths) {
            assertThat(index.get(path)).isNull();
        }
    }

    @Test
    void removingAMissingPathChangesNothing() {
        Edit edit = new Edit();
        PathIndex index = indexOf(paths(50), edit);
        index.remove("/missing", edit);
        index.remove("/t1/n7", edit);
        assertThat(contents(index)).hasSize(50);
    }

    @Test
    void pathsWithEqualHashesShareAProbeRunAndStayDistinct() {
        List<String> colliding = collidingPaths(5);
        assertThat(colliding.stream().map(String::hashCode).distinct()).hasSize(1);
        Edit edit = new Edit();
        PathIndex index = indexOf(colliding, edit);
        paths(40).forEach(path -> index.put(node(path, edit), edit));
        for (String path : colliding) {
            assertThat(index.get(new String(path)).path).isEqualTo(path);
        }
        assertThat(index.get("/AaAaAaAaAaAa")).isNull();
        // Remove from the middle of the run first, so later members must shift back.
        for (int i = 0; i < colliding.size(); i++) {
            String path = colliding.get((i * 7) % colliding.size());
            index.remove(path, edit);
            assertThat(index.get(path)).isNull();
            for (int j = i + 1; j < colliding.size(); j++) {
                assertThat(index.get(colliding.get((j * 7) % colliding.size()))).isNotNull();
            }
        }
        assertThat(contents(index)).containsExactlyInAnyOrderElementsOf(paths(40));
    }

    @Test
    void aCopyNeverSeesTheOriginalsLaterChangesNorTheOtherWayRound() {
        Edit first = new Edit();
        List<String> paths = paths(2000);
        PathIndex original = indexOf(paths.subList(0, 1000), first);
        PathIndex copy = new PathIndex(original);
        TreeSet<String> before = contents(original);

        Edit second = new Edit();
        paths.subList(1000, 2000).forEach(path -> original.put(node(path, second), second));
        for (int i = 0; i < 1000; i += 3) {
            original.remove(paths.get(i), second);
        }
        assertThat(contents(copy)).isEqualTo(before);
        assertThat(contents(original)).hasSize(2000 - 334);

        Edit third = new Edit();
        copy.remove(paths.get(1), third);
        copy.put(node("/extra", third), third);
        assertThat(original.get(paths.get(1))).isNotNull();
        assertThat(original.get("/extra")).isNull();
        assertThat(copy.get(paths.get(1))).isNull();
        assertThat(copy.get(paths.get(0)).owner).isSameAs(first);
    }

    @Test
    void growingCopiesNothingAnOlderCopyHolds() {
        Edit edit = new Edit();
        PathIndex small = indexOf(paths(3), edit);
        PathIndex frozen = new PathIndex(small);
        Edit later = new Edit();
        paths(500).subList(3, 500).forEach(path -> small.put(node(path, later), later));
        assertThat(contents(frozen)).containsExactlyInAnyOrderElementsOf(paths(3));
        assertThat(contents(small)).hasSize(500);
    }

    @Test
    void putIfAbsentReturnsThePresentNodeWhereverItSits() {
        Edit edit = new Edit();
        List<String> paths = paths(700);
        PathIndex index = indexOf(paths, edit);
        for (String path : paths) {
            Node present = index.get(path);
            assertThat(index.putIfAbsent(node(new String(path), edit), edit)).isSameAs(present);
        }
        assertThat(index.size()).isEqualTo(700);
        Node fresh = node("/fresh", edit);
        assertThat(index.putIfAbsent(fresh, edit)).isNull();
        assertThat(index.get("/fresh")).isSameAs(fresh);
    }

    @Test
    void randomPutsAndRemovesAgreeWithASortedMapAtEverySize() {
        // Small tables wrap their probe runs around the end; colliding paths make long runs.
        for (long seed = 1; seed <= 6; seed++) {
            Random random = new Random(seed);
            List<String> universe = new ArrayList<>(paths(300));
            universe.addAll(collidingPaths(4));
            TreeMap<String, Node> expected = new TreeMap<>();
            Edit edit = new Edit();
            PathIndex index = new PathIndex(edit);
            for (int step = 0; step < 3000; step++) {
                String path = universe.get(random.nextInt(step < 1500 ? 40 : universe.size()));
                if (random.nextInt(3) == 0) {
                    index.remove(path, edit);
                    expected.remove(path);
                } else {
                    Node node = node(path, edit);
                    index.put(node, edit);
                    expected.put(path, node);
                }
                if (step % 97 == 0) {
                    edit = new Edit();
                }
                if (step % 50 == 0) {
                    for (String each : universe) {
                        assertThat(index.get(each)).as("seed %d step %d %s", seed, step, each).isSameAs(expected.get(each));
                    }
                    assertThat(contents(index)).isEqualTo(expected.keySet());
                }
            }
        }
    }

    @Test
    void aParentIsFoundByThePrefixOfItsChildsPath() {
        Edit edit = new Edit();
        PathIndex index = new PathIndex(edit);
        List<String> parents = new ArrayList<>(List.of("/", "/a", "/a/b", "/\u00e9t\u00e9", "/\u4e2d"));
        parents.addAll(collidingPaths(4));
        for (String parent : parents) {
            index.put(node(parent, edit), edit);
        }

        for (String parent : parents) {
            String child = (parent.equals("/") ? "" : parent) + "/child";
            assertThat(index.parentOf(child)).as(child).isNotNull();
            assertThat(index.parentOf(child).path).isEqualTo(parent);
        }
        assertThat(index.parentOf("/missing/child")).isNull();
        assertThat(index.parentOf("/a/bc/child")).isNull();
        // A prefix of a parent's path with the same length but other characters is not it.
        assertThat(index.parentOf("/A/child")).isNull();
    }
}

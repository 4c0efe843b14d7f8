package dev.zksim.server.tree;

import static dev.zksim.server.tree.DataTreeTest.SESSION;
import static dev.zksim.server.tree.DataTreeTest.bytes;
import static dev.zksim.server.tree.DataTreeTest.persistent;
import static dev.zksim.server.tree.DataTreeTest.txn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.server.tree.Txn.CreateTxn;
import dev.zksim.server.tree.Txn.DeleteTxn;
import dev.zksim.server.tree.Txn.SetDataTxn;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Trees, copies and snapshots share their state and copy it on write: whatever one of
 * them applies afterwards, the others keep exactly what they had, child lists, data,
 * counters, ephemerals, digests and node counts included.
 */
class DataTreeSharingTest {

    /** /p with children c0..c(n-1), each created in its own txn from zxid 2 on. */
    private static DataTree parentWithChildren(int children) {
        DataTree tree = DataTree.standalone();
        tree.apply(txn(1, persistent("/p", 1)));
        for (int i = 0; i < children; i++) {
            tree.apply(txn(2 + i, persistent("/p/c" + i, i + 1)));
        }
        return tree;
    }

    private static List<String> names(int from, int to) {
        List<String> names = new ArrayList<>();
        for (int i = from; i < to; i++) {
            names.add("c" + i);
        }
        names.sort(null);
        return names;
    }

    @Test
    void aCopysChildListChangesApartFromTheOriginals() {
        DataTree original = parentWithChildren(40);
        DataTree copy = original.copy();
        copy.apply(txn(100, new DeleteTxn("/p/c5")));
        copy.apply(txn(101, persistent("/p/x", 41)));
        original.apply(txn(100, new DeleteTxn("/p/c7")));

        List<String> copyExpected = new ArrayList<>(names(0, 40));
        copyExpected.remove("c5");
        copyExpected.add("x");
        copyExpected.sort(null);
        assertThat(copy.getChildren("/p")).isEqualTo(copyExpected);
        List<String> originalExpected = new ArrayList<>(names(0, 40));
        originalExpected.remove("c7");
        assertThat(original.getChildren("/p")).isEqualTo(originalExpected);
        assertThat(original.stat("/p").numChildren()).isEqualTo(39);
        assertThat(copy.stat("/p").numChildren()).isEqualTo(40);
        assertThat(original.nodeCount()).isEqualTo(copy.nodeCount() - 1);
        assertThat(original.exists("/p/x")).isFalse();
        assertThat(copy.exists("/p/c7")).isTrue();
    }

    @Test
    void deletingChildrenInAnyOrderLeavesTheRestListedInOrder() {
        DataTree tree = parentWithChildren(30);
        List<String> left = new ArrayList<>(names(0, 30));
        long zxid = 100;
        for (int i : new int[] {0, 29, 15, 1, 28, 14, 16}) {
            tree.apply(txn(zxid++, new DeleteTxn("/p/c" + i)));
            left.remove("c" + i);
            assertThat(tree.getChildren("/p")).isEqualTo(left);
        }
        tree.apply(txn(zxid++, new DeleteTxn("/p/c3")));
        tree.apply(txn(zxid, new DeleteTxn("/p/c3")));
        left.remove("c3");
        assertThat(tree.getChildren("/p")).isEqualTo(left);
        assertThat(tree.stat("/p").numChildren()).isEqualTo(left.size());
    }

    @Test
    void aRestoredSnapshotAndItsTreeGoTheirOwnWays() {
        DataTree tree = parentWithChildren(10);
        tree.apply(txn(20, new CreateTxn("/p/e", bytes("e"), SESSION, 11)));
        tree.apply(txn(21, new CreateTxn("/box", null, Txn.CONTAINER_OWNER, 2)));
        DataTreeSnapshot snapshot = tree.snapshot();
        String dump = snapshot.dump();
        long digest = tree.digest();
        DataTree restored = DataTree.restore(snapshot);
        DataTree again = DataTree.restore(snapshot);

        tree.apply(txn(22, new SetDataTxn("/p/c1", bytes("tree"), 1)));
        tree.apply(txn(23, new DeleteTxn("/p/e")));
        restored.apply(txn(22, new DeleteTxn("/box")));
        restored.apply(txn(23, new SetDataTxn("/p/c1", bytes("restored"), 1)));
        restored.apply(txn(24, persistent("/p/new", 12)));

        assertThat(snapshot.dump()).isEqualTo(dump);
        assertThat(again.digest()).isEqualTo(digest);
        assertThat(again.snapshot().dump()).isEqualTo(dump);
        assertThat(again.getData("/p/c1").data()).isEqualTo(bytes("x"));
        assertThat(tree.getData("/p/c1").data()).isEqualTo(bytes("tree"));
        assertThat(restored.getData("/p/c1").data()).isEqualTo(bytes("restored"));
        assertThat(tree.ephemerals(SESSION)).isEmpty();
        assertThat(restored.ephemerals(SESSION)).containsExactly("/p/e");
        assertThat(tree.containers()).containsExactly("/box");
        assertThat(restored.containers()).isEmpty();
        assertThat(again.containers()).containsExactly("/box");
        assertThat(restored.getChildren("/p")).contains("new", "e");
        assertThat(tree.getChildren("/p")).doesNotContain("new", "e");
        assertThat(snapshot.nodes()).hasSize(again.nodeCount());
    }

    @Test
    void theRunningDigestEqualsADigestRebuiltFromTheNodes() {
        DataTree tree = parentWithChildren(20);
        DataTree copy = tree.copy();
        tree.apply(txn(50, new DeleteTxn("/p/c3")));
        tree.apply(txn(51, new SetDataTxn("/p/c4", bytes("v"), 1)));
        tree.apply(txn(52, new DeleteTxn("/p/c3")));
        tree.apply(txn(53, persistent("/p/c4", 3)));
        copy.apply(txn(60, persistent("/q", 2)));
        for (DataTree each : List.of(tree, copy)) {
            List<DataTreeSnapshot.NodeImage> images = new ArrayList<>(each.snapshot().nodes());
            assertThat(DataTree.restore(new DataTreeSnapshot(1, images)).digest()).isEqualTo(each.digest());
        }
    }

    @Test
    void snapshotsOfOneTreeTakenInTurnEachKeepTheirOwnState() {
        DataTree tree = DataTree.standalone();
        List<DataTreeSnapshot> snapshots = new ArrayList<>();
        List<String> dumps = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            tree.apply(txn(i + 1, persistent("/n" + i, i + 1)));
            DataTreeSnapshot snapshot = tree.snapshot();
            snapshots.add(snapshot);
            dumps.add(snapshot.dump());
        }
        for (int i = 0; i < 30; i++) {
            tree.apply(txn(100 + i, new SetDataTxn("/n" + i, bytes("x"), 1)));
        }
        for (int i = 0; i < 30; i++) {
            assertThat(snapshots.get(i).dump()).isEqualTo(dumps.get(i));
            assertThat(snapshots.get(i).nodes()).hasSize(5 + i);
            assertThat(DataTree.restore(snapshots.get(i)).getChildren("/")).hasSize(2 + i);
        }
    }

    @Test
    void aSnapshotBuiltFromImagesRestoresChildrenEphemeralsAndContainers() {
        DataTree tree = parentWithChildren(3);
        tree.apply(txn(10, new CreateTxn("/p/e", null, SESSION, 4)));
        tree.apply(txn(11, new CreateTxn("/box", null, Txn.CONTAINER_OWNER, 2)));
        List<DataTreeSnapshot.NodeImage> images = new ArrayList<>(tree.snapshot().nodes());
        DataTree rebuilt = DataTree.restore(new DataTreeSnapshot(11, images));

        assertThat(rebuilt.getChildren("/")).containsExactly("box", "p", "zookeeper");
        assertThat(rebuilt.getChildren("/p")).containsExactly("c0", "c1", "c2", "e");
        assertThat(rebuilt.getChildren("/zookeeper")).containsExactly("config", "quota");
        assertThat(rebuilt.ephemerals(SESSION)).containsExactly("/p/e");
        assertThat(rebuilt.containers()).containsExactly("/box");
        assertThat(rebuilt.stat("/p")).isEqualTo(tree.stat("/p"));
        assertThat(rebuilt.nodeCount()).isEqualTo(tree.nodeCount());
        assertThat(rebuilt.lastProcessedZxid()).isEqualTo(11);
    }

    @Test
    void aSnapshotKeepsItsOwnCopyOfTheListItWasBuiltFrom() {
        List<DataTreeSnapshot.NodeImage> images = new ArrayList<>(DataTree.standalone().snapshot().nodes());
        DataTreeSnapshot snapshot = new DataTreeSnapshot(0, images);
        images.clear();
        assertThat(snapshot.nodes()).hasSize(4);
    }

    @Test
    void ephemeralsAndContainersMadeAfterASnapshotStayOutOfIt() {
        DataTree tree = parentWithChildren(1);
        tree.apply(txn(5, new CreateTxn("/p/old", null, SESSION, 2)));
        DataTreeSnapshot first = tree.snapshot();
        tree.apply(txn(6, new CreateTxn("/crate", null, Txn.CONTAINER_OWNER, 2)));
        DataTreeSnapshot second = tree.snapshot();
        tree.apply(txn(7, new CreateTxn("/p/new", null, SESSION, 3)));
        DataTree restoredFirst = DataTree.restore(first);
        DataTree restoredSecond = DataTree.restore(second);
        assertThat(restoredFirst.ephemerals(SESSION)).containsExactly("/p/old");
        assertThat(restoredFirst.containers()).isEmpty();
        assertThat(restoredSecond.ephemerals(SESSION)).containsExactly("/p/old");
        assertThat(restoredSecond.containers()).containsExactly("/crate");
        assertThat(tree.ephemerals(SESSION)).containsExactly("/p/new", "/p/old");
        assertThat(tree.containers()).containsExactly("/crate");
    }

    @Test
    void aCreateWhoseParentCversionIsNotHigherLeavesThePzxid() {
        DataTree tree = DataTree.standalone();
        tree.apply(txn(1, persistent("/p", 1)));
        tree.apply(txn(2, persistent("/p/a", 1)));
        // A new child whose txn carries the parent's current cversion moves neither counter.
        tree.apply(txn(3, persistent("/p/b", 1)));
        assertThat(tree.stat("/p").pzxid()).isEqualTo(2);
        assertThat(tree.nodeInfo("/p").cversion()).isEqualTo(1);
        assertThat(tree.getChildren("/p")).containsExactly("a", "b");
    }

    /**
     * A listing is kept sorted through later creates and deletes instead of sorted again; a
     * model set checks every listing of a long mixed sequence, in a tree and its snapshot,
     * and past the size above which the tree stops keeping it sorted.
     */
    @Test
    void listingsStaySortedThroughCreatesAndDeletesAfterEachRead() {
        DataTree tree = DataTree.standalone();
        tree.apply(txn(1, persistent("/p", 1)));
        java.util.TreeSet<String> model = new java.util.TreeSet<>();
        long zxid = 2;
        long state = 12345;
        for (int step = 0; step < 600; step++) {
            state = state * 6364136223846793005L + 1442695040888963407L;
            String name = "n" + Long.toHexString((state >>> 33) % 97);
            if (model.contains(name)) {
                tree.apply(txn(zxid++, new DeleteTxn("/p/" + name)));
                model.remove(name);
            } else {
                tree.apply(txn(zxid++, persistent("/p/" + name, (int) zxid)));
                model.add(name);
            }
            assertThat(tree.getChildren("/p")).as("after step %d", step).containsExactlyElementsOf(model);
        }
        DataTree snapshot = DataTree.restore(tree.snapshot());
        List<String> frozen = new ArrayList<>(model);
        tree.apply(txn(zxid++, persistent("/p/a-first", (int) zxid)));
        tree.apply(txn(zxid++, new DeleteTxn("/p/" + frozen.get(frozen.size() / 2))));
        model.add("a-first");
        model.remove(frozen.get(frozen.size() / 2));
        assertThat(tree.getChildren("/p")).containsExactlyElementsOf(model);
        assertThat(snapshot.getChildren("/p")).containsExactlyElementsOf(frozen);
    }

    @Test
    void aListingPastTheKeptSizeIsSortedWhenRead() {
        DataTree tree = parentWithChildren(0);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 4200; i++) {
            tree.apply(txn(2 + i, persistent("/p/c" + i, i + 1)));
            expected.add("c" + i);
            if (i % 1000 == 0 || i > 4090) {
                expected.sort(null);
                assertThat(tree.getChildren("/p")).as("with %d children", i + 1).isEqualTo(expected);
            }
        }
        tree.apply(txn(9000, new DeleteTxn("/p/c17")));
        expected.remove("c17");
        assertThat(tree.getChildren("/p")).isEqualTo(expected);
    }
}

package dev.zksim.server.tree;

import static dev.zksim.server.tree.DataTreeTest.bytes;
import static dev.zksim.server.tree.DataTreeTest.persistent;
import static dev.zksim.server.tree.DataTreeTest.txn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.server.tree.Txn.CreateTxn;
import dev.zksim.server.tree.Txn.DeleteTxn;
import dev.zksim.server.tree.Txn.SetDataTxn;
import java.util.List;
import org.junit.jupiter.api.Test;

class DataTreeReplayAndSnapshotTest {

    /** /p, /p/a, delete /p/a, /p/b, setData /p/b, ephemeral /p/e, container /c. */
    private static final List<Transaction> LOG = List.of(
            txn(1, persistent("/p", 1)),
            txn(2, persistent("/p/a", 1)),
            txn(3, new DeleteTxn("/p/a")),
            txn(4, persistent("/p/b", 2)),
            txn(5, new SetDataTxn("/p/b", bytes("v1"), 1)),
            txn(6, new CreateTxn("/p/e", null, DataTreeTest.SESSION, 3)),
            txn(7, new CreateTxn("/c", null, Txn.CONTAINER_OWNER, 2)));

    private static DataTree applyAll(DataTree tree, List<Transaction> log) {
        log.forEach(tree::apply);
        return tree;
    }

    @Test
    void createReplayedOverExistingNodeOnlyRaisesParentCountersUpwards() {
        DataTree tree = applyAll(DataTree.standalone(), LOG);
        DataTreeSnapshot before = tree.snapshot();

        ApplyResult stale = tree.apply(txn(4, persistent("/p/b", 2)));
        assertThat(stale.outcome()).isEqualTo(new TxnOutcome.Failed(-110));
        assertThat(stale.triggers()).isEmpty();
        assertThat(tree.snapshot().nodes()).isEqualTo(before.nodes());

        tree.apply(txn(9, persistent("/p/b", 5)));
        assertThat(tree.nodeInfo("/p").cversion()).isEqualTo(5);
        assertThat(tree.stat("/p").pzxid()).isEqualTo(9);
    }

    @Test
    void deleteReplayedForMissingNodeIsIgnoredAndNeverLowersPzxid() {
        DataTree tree = applyAll(DataTree.standalone(), LOG);
        ApplyResult stale = tree.apply(txn(3, new DeleteTxn("/p/a")));
        assertThat(stale.outcome()).isEqualTo(new TxnOutcome.Failed(-101));
        assertThat(tree.stat("/p").pzxid()).isEqualTo(6);

        tree.apply(txn(12, new DeleteTxn("/p/gone")));
        assertThat(tree.stat("/p").pzxid()).isEqualTo(12);
    }

    @Test
    void replayingAnOverlappingLogSuffixOverASnapshotGivesTheSameTree() {
        DataTree original = applyAll(DataTree.standalone(), LOG);
        DataTreeSnapshot snapshot = original.snapshot();

        // As after a fuzzy snapshot: every txn from zxid 2 on is replayed on top, although
        // the snapshot already reflects all of them.
        DataTree replayed = applyAll(DataTree.restore(snapshot), LOG.subList(1, LOG.size()));

        assertThat(replayed.snapshot()).isEqualTo(snapshot);
        assertThat(replayed.digest()).isEqualTo(original.digest());
        assertThat(replayed.ephemerals(DataTreeTest.SESSION)).containsExactly("/p/e");
        assertThat(replayed.containers()).containsExactly("/c");
    }

    @Test
    void restoreRebuildsChildrenEphemeralsContainersAndZxid() {
        DataTree original = applyAll(DataTree.standalone(), LOG);
        DataTree restored = DataTree.restore(original.snapshot());

        assertThat(restored.getChildren("/p")).containsExactly("b", "e");
        assertThat(restored.getChildren("/")).containsExactly("c", "p", "zookeeper");
        assertThat(restored.stat("/p")).isEqualTo(original.stat("/p"));
        assertThat(restored.stat("/")).isEqualTo(original.stat("/"));
        assertThat(restored.ephemerals(DataTreeTest.SESSION)).containsExactly("/p/e");
        assertThat(restored.containers()).containsExactly("/c");
        assertThat(restored.lastProcessedZxid()).isEqualTo(7);
        assertThat(restored.snapshot().dump()).isEqualTo(original.snapshot().dump());
    }

    @Test
    void snapshotAndCopyAreIndependentOfLaterChanges() {
        DataTree tree = applyAll(DataTree.standalone(), LOG);
        DataTreeSnapshot snapshot = tree.snapshot();
        DataTree copy = tree.copy();
        long digest = tree.digest();

        tree.apply(txn(8, persistent("/p/b/x", 1)));
        tree.apply(txn(9, new SetDataTxn("/p/b", bytes("v2"), 2)));

        assertThat(copy.digest()).isEqualTo(digest);
        assertThat(copy.exists("/p/b/x")).isFalse();
        assertThat(copy.stat("/p/b").version()).isEqualTo(1);
        assertThat(DataTree.restore(snapshot).digest()).isEqualTo(digest);
        assertThat(tree.digest()).isNotEqualTo(digest);

        copy.apply(txn(8, persistent("/p/b/x", 1)));
        copy.apply(txn(9, new SetDataTxn("/p/b", bytes("v2"), 2)));
        assertThat(copy.digest()).isEqualTo(tree.digest());
        assertThat(copy.snapshot()).isEqualTo(tree.snapshot());
    }

    @Test
    void digestSeesDataContentNullVersusEmptyAndTimes() {
        DataTree withNull = DataTree.standalone();
        withNull.apply(txn(1, new CreateTxn("/a", null, 0, 1)));
        DataTree withEmpty = DataTree.standalone();
        withEmpty.apply(txn(1, new CreateTxn("/a", new byte[0], 0, 1)));
        DataTree withOtherTime = DataTree.standalone();
        withOtherTime.apply(new Transaction(new TxnHeader(1, 1, 1, 5), new CreateTxn("/a", null, 0, 1)));

        assertThat(withNull.digest()).isNotEqualTo(withEmpty.digest());
        assertThat(withNull.digest()).isNotEqualTo(withOtherTime.digest());
        assertThat(withNull.snapshot()).isNotEqualTo(withEmpty.snapshot());
    }

    @Test
    void sequenceCounterExampleFromReferenceLeavesVisibleCversionFive() {
        // Reference 1.4: /p/a, /p/b, seq c-2, delete /p/a, seq c-3.
        DataTree tree = applyAll(DataTree.standalone(), List.of(
                txn(1, persistent("/p", 1)),
                txn(2, persistent("/p/a", 1)),
                txn(3, persistent("/p/b", 2)),
                txn(4, persistent("/p/c-0000000002", 3)),
                txn(5, new DeleteTxn("/p/a")),
                txn(6, persistent("/p/c-0000000003", 4))));
        assertThat(tree.stat("/p").numChildren()).isEqualTo(3);
        assertThat(tree.stat("/p").cversion()).isEqualTo(5);
        assertThat(tree.nodeInfo("/p").cversion()).isEqualTo(4);
    }
}

package dev.zksim.server.tree;

import static dev.zksim.server.tree.DataTreeTest.SESSION;
import static dev.zksim.server.tree.DataTreeTest.bytes;
import static dev.zksim.server.tree.DataTreeTest.persistent;
import static dev.zksim.server.tree.DataTreeTest.txn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.server.tree.Txn.CreateTxn;
import dev.zksim.server.tree.Txn.DeleteTxn;
import dev.zksim.server.tree.Txn.SetDataTxn;
import dev.zksim.server.tree.TxnOutcome.Failed;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What mutation testing found the tree's other tests leave open: that the replica digest
 * sees node data, that snapshots and copies keep every index, the owner index after
 * deletes, apply's answers for a txn whose node is gone, and the txn records' equality.
 */
class DataTreeDigestAndBookkeepingTest {
    private static final long OTHER_SESSION = 0x99L;
    /** Pinned digests: the fresh standalone tree, and that tree plus /a holding "ab" at zxid 1. */
    private static final long FRESH_TREE_DIGEST = -8674438344557725739L;
    private static final long TREE_WITH_AB_DIGEST = 1696498415702535701L;

    private static DataTree treeWith(byte[] data) {
        DataTree tree = DataTree.standalone();
        tree.apply(txn(1, new CreateTxn("/a", data, 0, 1)));
        return tree;
    }

    @Test
    void replicasThatDifferOnlyInNodeDataHaveDifferentDigests() {
        // Same length, same bytes in another order, one bit apart, absent: all must differ,
        // or a replica that applied a setData's data wrongly would pass the replica check.
        List<byte[]> variants = List.of(bytes("ab"), bytes("ba"), bytes("ac"), bytes("a"), new byte[0], new byte[] {0, 0});
        Set<Long> digests = new LinkedHashSet<>();
        for (byte[] data : variants) {
            digests.add(treeWith(data).digest());
        }
        digests.add(treeWith(null).digest());
        assertThat(digests).hasSize(variants.size() + 1);
        assertThat(treeWith(bytes("ab")).digest()).isEqualTo(treeWith(bytes("ab")).digest());
    }

    @Test
    void everyStatFieldChangesTheDigest() {
        DataTree base = treeWith(bytes("x"));
        DataTree setData = base.copy();
        setData.apply(txn(2, new SetDataTxn("/a", bytes("x"), 1)));
        DataTree child = base.copy();
        child.apply(txn(2, persistent("/a/b", 1)));
        child.apply(txn(3, new DeleteTxn("/a/b")));
        DataTree ephemeral = DataTree.standalone();
        ephemeral.apply(txn(1, new CreateTxn("/a", bytes("x"), SESSION, 1)));
        DataTree later = DataTree.standalone();
        later.apply(new Transaction(new TxnHeader(SESSION, 1, 1, 5000), new CreateTxn("/a", bytes("x"), 0, 1)));
        Set<Long> digests = new LinkedHashSet<>();
        for (DataTree tree : List.of(base, setData, child, ephemeral, later)) {
            digests.add(tree.digest());
        }
        assertThat(digests).hasSize(5);
    }

    @Test
    void theDigestIsTheSameOnEveryJvmAndRun() {
        // The digest uses only spec-defined arithmetic (String.hashCode and SplitMix64), so
        // replicas on any JVM agree; this pins its value for a fixed tree, which also pins
        // the mixing function and the summation over nodes.
        assertThat(DataTree.standalone().digest()).isEqualTo(FRESH_TREE_DIGEST);
        assertThat(treeWith(bytes("ab")).digest()).isEqualTo(TREE_WITH_AB_DIGEST);
    }

    /** Creates, changes and deletes a few nodes, ephemerals included, as a run's applies would. */
    private static void applySomeChanges(DataTree tree, long firstZxid) {
        tree.apply(txn(firstZxid, persistent("/p", 1)));
        tree.apply(txn(firstZxid + 1, new CreateTxn("/p/e", bytes("e"), SESSION, 1)));
        tree.apply(txn(firstZxid + 2, new SetDataTxn("/p", bytes("changed"), 1)));
        tree.apply(txn(firstZxid + 3, new CreateTxn("/p/f", null, OTHER_SESSION, 2)));
        tree.apply(txn(firstZxid + 4, new DeleteTxn("/p/e")));
    }

    @Test
    void aDigestFirstReadLateEqualsOneKeptFromTheStart() {
        // The sum is kept only once someone reads it; a tree read only at the end, or whose
        // snapshot or copy was taken before the first read, must report what a tree read
        // after every change reports, or replicas would disagree by when they were asked.
        DataTree watched = treeWith(bytes("ab"));
        DataTree unwatched = treeWith(bytes("ab"));
        List<Long> seen = new ArrayList<>();
        seen.add(watched.digest());
        applySomeChanges(watched, 2);
        seen.add(watched.digest());
        DataTreeSnapshot unreadSnapshot = unwatched.snapshot();
        DataTree unreadCopy = unwatched.copy();
        applySomeChanges(unwatched, 2);
        assertThat(unwatched.digest()).isEqualTo(seen.get(1));
        assertThat(DataTree.restore(unreadSnapshot).digest()).isEqualTo(seen.get(0));
        assertThat(unreadCopy.digest()).isEqualTo(seen.get(0));
        applySomeChanges(unreadCopy, 2);
        assertThat(unreadCopy.digest()).isEqualTo(seen.get(1));
        DataTree restoredKept = DataTree.restore(watched.snapshot());
        restoredKept.apply(txn(7, new DeleteTxn("/p/f")));
        DataTree freshlySummed = DataTree.restore(new DataTreeSnapshot(7, List.copyOf(restoredKept.snapshot().nodes())));
        assertThat(restoredKept.digest()).isEqualTo(freshlySummed.digest()).isNotEqualTo(seen.get(1));
    }

    @Test
    void aDigestReadBetweenChangesEqualsOneSummedAfreshFromTheNodes() {
        // Between two reads only the paths changed since the first are hashed again: nodes
        // created and deleted in between, a parent changed many times, and enough paths to
        // grow the table of changed paths must all leave the digest a fresh sum would give,
        // also in a copy and a snapshot taken while changes are pending.
        DataTree tree = DataTree.standalone();
        tree.apply(txn(1, persistent("/p", 1)));
        long zxid = 2;
        for (int round = 0; round < 3; round++) {
            tree.digest();
            for (int i = 0; i < 40; i++) {
                tree.apply(txn(zxid++, new CreateTxn("/p/n" + i, bytes("r" + round), 0, -1)));
            }
            for (int i = 0; i < 40; i += 2) {
                tree.apply(txn(zxid++, new DeleteTxn("/p/n" + i)));
            }
            tree.apply(txn(zxid++, new SetDataTxn("/p", bytes("round " + round), round + 1)));
            DataTree copy = tree.copy();
            DataTree restored = DataTree.restore(tree.snapshot());
            for (int i = 1; i < 40; i += 2) {
                tree.apply(txn(zxid++, new DeleteTxn("/p/n" + i)));
            }
            assertThat(tree.digest()).isEqualTo(freshlySummed(tree));
            assertThat(copy.digest()).isEqualTo(freshlySummed(copy)).isNotEqualTo(tree.digest());
            assertThat(restored.digest()).isEqualTo(copy.digest());
        }
        // A replica left unread settles its changed paths itself once they are many.
        for (int i = 0; i < 5000; i++) {
            tree.apply(txn(zxid++, new CreateTxn("/p/m" + i, bytes("m"), 0, -1)));
        }
        for (int i = 0; i < 5000; i += 3) {
            tree.apply(txn(zxid++, new DeleteTxn("/p/m" + i)));
        }
        assertThat(tree.digestPendingPaths()).isBetween(1, 4096);
        assertThat(tree.digest()).isEqualTo(freshlySummed(tree));
        assertThat(tree.digestPendingPaths()).isZero();
    }

    private static long freshlySummed(DataTree tree) {
        return DataTree.restore(new DataTreeSnapshot(0, List.copyOf(tree.snapshot().nodes()))).digest();
    }

    @Test
    void snapshotsListNodesInPathOrderWhateverTheCreationOrder() {
        DataTree tree = DataTree.standalone();
        tree.apply(txn(1, persistent("/b", 1)));
        tree.apply(txn(2, persistent("/a", 2)));
        List<String> paths = new ArrayList<>();
        tree.snapshot().nodes().forEach(node -> paths.add(node.path()));
        assertThat(paths).containsExactly("/", "/a", "/b", "/zookeeper", "/zookeeper/config", "/zookeeper/quota");
    }

    @Test
    void aSnapshotDumpShowsEachNodesInternalFieldsAndEqualImagesHashAlike() {
        DataTree tree = treeWith(bytes("hi"));
        String dump = tree.snapshot().dump();
        assertThat(dump).startsWith("lastProcessedZxid=1\n");
        assertThat(dump).contains("/a data=\"hi\" czxid=1 mzxid=1 ctime=1001 mtime=1001 version=0 cversion(internal)=0"
                + " aversion=0 ephemeralOwner(internal)=0 pzxid=1 perms=31\n");
        DataTreeSnapshot.NodeImage image = tree.snapshot().nodes().get(1);
        DataTreeSnapshot.NodeImage again = treeWith(bytes("hi")).snapshot().nodes().get(1);
        assertThat(image).isEqualTo(again);
        assertThat(image.hashCode()).isEqualTo(again.hashCode());
        assertThat(image.hashCode()).isNotEqualTo(treeWith(bytes("ho")).snapshot().nodes().get(1).hashCode());
    }

    @Test
    void aCopyKeepsTheSessionsEphemeralsIndependently() {
        DataTree tree = DataTree.standalone();
        tree.apply(txn(1, new CreateTxn("/e", null, SESSION, 1)));
        DataTree copy = tree.copy();
        assertThat(copy.ephemerals(SESSION)).containsExactly("/e");
        tree.apply(txn(2, new DeleteTxn("/e")));
        assertThat(copy.ephemerals(SESSION)).containsExactly("/e");
        assertThat(tree.ephemerals(SESSION)).isEmpty();
    }

    @Test
    void deletingOneOfASessionsEphemeralsKeepsTheOthersListed() {
        DataTree tree = DataTree.standalone();
        tree.apply(txn(1, new CreateTxn("/e1", null, SESSION, 1)));
        tree.apply(txn(2, new CreateTxn("/e2", null, SESSION, 2)));
        tree.apply(txn(3, new CreateTxn("/o", null, OTHER_SESSION, 3)));
        tree.apply(txn(4, new DeleteTxn("/e1")));
        assertThat(tree.ephemerals(SESSION)).containsExactly("/e2");
        assertThat(tree.sessionsWithEphemerals()).containsExactly(OTHER_SESSION, SESSION);
        tree.apply(txn(5, new DeleteTxn("/e2")));
        assertThat(tree.ephemerals(SESSION)).isEmpty();
        assertThat(tree.sessionsWithEphemerals()).containsExactly(OTHER_SESSION);
        assertThat(tree.exists("/o")).isTrue();
        assertThat(tree.exists("/e2")).isFalse();
    }

    @Test
    void aCreateUnderAMissingParentOrASetDataOfAMissingNodeFailsWithNoNode() {
        DataTree tree = DataTree.standalone();
        ApplyResult create = tree.apply(txn(3, persistent("/missing/a", 1)));
        assertThat(create.outcome()).isEqualTo(new Failed(-101));
        assertThat(create.zxid()).isEqualTo(3);
        assertThat(tree.apply(txn(4, new SetDataTxn("/missing", null, 1))).outcome()).isEqualTo(new Failed(-101));
        assertThat(tree.lastProcessedZxid()).isEqualTo(4);
    }

    @Test
    void aCreateWithoutAnExplicitParentCversionBumpsTheParentsByOne() {
        DataTree tree = DataTree.standalone();
        tree.apply(txn(1, persistent("/p", 1)));
        tree.apply(txn(2, persistent("/p/a", 7)));
        tree.apply(txn(3, persistent("/p/b", -1)));
        assertThat(tree.nodeInfo("/p").cversion()).isEqualTo(8);
    }

    @Test
    void aReplayedCreateAtAnEqualCversionLeavesTheParentsPzxid() {
        DataTree tree = DataTree.standalone();
        tree.apply(txn(1, persistent("/p", 1)));
        tree.apply(txn(2, persistent("/p/a", 1)));
        // A replay whose cversion is not higher than the parent's moves neither counter.
        tree.apply(txn(9, persistent("/p/a", 1)));
        assertThat(tree.stat("/p").pzxid()).isEqualTo(2);
    }

    @Test
    void onlyNormalEphemeralNodesCountAsEphemeral() {
        assertThat(new Node(null, 1, 1, SESSION, Perms.ALL).isEphemeral()).isTrue();
        assertThat(new Node(null, 1, 1, 0, Perms.ALL).isEphemeral()).isFalse();
        assertThat(new Node(null, 1, 1, Txn.CONTAINER_OWNER, Perms.ALL).isEphemeral()).isFalse();
        assertThat(new CreateTxn("/e", null, SESSION, 1).isEphemeral()).isTrue();
        assertThat(new CreateTxn("/e", null, 0, 1).isEphemeral()).isFalse();
        assertThat(new CreateTxn("/e", null, Txn.CONTAINER_OWNER, 1).isEphemeral()).isFalse();
        assertThat(new CreateTxn("/e", null, Txn.CONTAINER_OWNER, 1).isContainer()).isTrue();
        assertThat(new CreateTxn("/e", null, SESSION, 1).isContainer()).isFalse();
    }

    @Test
    void txnRecordsCompareTheirDataByContent() {
        CreateTxn create = new CreateTxn("/a", bytes("d"), 0, 1);
        assertThat(create).isEqualTo(new CreateTxn("/a", bytes("d"), 0, 1));
        assertThat(create.hashCode()).isEqualTo(new CreateTxn("/a", bytes("d"), 0, 1).hashCode());
        assertThat(create).isNotEqualTo(new CreateTxn("/a", bytes("e"), 0, 1));
        assertThat(create.hashCode()).isNotEqualTo(new CreateTxn("/a", bytes("e"), 0, 1).hashCode());
        assertThat(create).hasToString("CreateTxn[path=/a, data=\"d\", ephemeralOwner=0, parentCVersion=1]");
        SetDataTxn setData = new SetDataTxn("/a", bytes("d"), 2);
        assertThat(setData).isEqualTo(new SetDataTxn("/a", bytes("d"), 2));
        assertThat(setData).isNotEqualTo(new SetDataTxn("/a", bytes("d"), 3));
        assertThat(setData.hashCode()).isEqualTo(new SetDataTxn("/a", bytes("d"), 2).hashCode());
        assertThat(setData.hashCode()).isNotEqualTo(new SetDataTxn("/a", bytes("e"), 2).hashCode());
        assertThat(setData).hasToString("SetDataTxn[path=/a, data=\"d\", version=2]");
    }
}

package dev.zksim.server.tree;

import static dev.zksim.server.tree.DataTreeTest.bytes;
import static dev.zksim.server.tree.DataTreeTest.persistent;
import static dev.zksim.server.tree.DataTreeTest.txn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.server.tree.Txn.CloseSessionTxn;
import dev.zksim.server.tree.Txn.CreateTxn;
import dev.zksim.server.tree.Txn.DeleteTxn;
import dev.zksim.server.tree.Txn.MultiTxn;
import dev.zksim.server.tree.Txn.SetDataTxn;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Replicas in one state share what they apply: the first to apply a transaction publishes
 * it, and the others take it over (they return the very result it made). Whatever a replica
 * took, it must end exactly where applying would have left it: the same nodes, digest,
 * ephemerals and containers as a tree that shares nothing and applied every transaction.
 */
class ApplicationSharingTest {
    private static final long OTHER_SESSION = 0x5678L;

    /** A reference tree that shares nothing, and two replicas in its first state that share. */
    private final DataTree reference = DataTree.quorum(bytes("config"), 0);
    private final DataTree first = DataTree.quorum(bytes("config"), 0);
    private final DataTree second;

    ApplicationSharingTest() {
        first.shareApplications();
        second = first.copy();
    }

    @Test
    void aReplicaTakesWhatTheFirstAppliedAndEndsWhereApplyingWouldHaveLeftIt() {
        List<Transaction> workload = mixedWorkload(new SplittableRandom(7), 400);
        for (Transaction transaction : workload) {
            ApplyResult made = first.apply(transaction);
            ApplyResult taken = second.apply(transaction);
            assertThat(taken).isSameAs(made);
            assertThat(taken).isEqualTo(reference.apply(transaction));
            if (transaction.zxid() % 37 == 0) {
                assertSameState(second, reference);
            }
        }
        assertSameState(first, reference);
        assertSameState(second, reference);
    }

    /**
     * edges/lock-impatient (the testkit's lock with give-ups) seed 121001696, found by a soak:
     * the self-check said two replicas at one zxid had different trees, though every node was
     * the same. While a parent had more children than the first applier shares, it applied in
     * place on nodes of its own edit; the first shared apply after that recorded the parent as
     * it was, then changed that very node, so the taker took out of its digest the parent as it
     * became. The first applier now starts a new edit before it records.
     */
    @Test
    void aTakersDigestStaysRightWhenSharingResumesAfterALargeParent() {
        for (DataTree tree : List.of(reference, first, second)) {
            tree.digest();
        }
        long zxid = 1;
        applyEverywhere(txn(zxid++, persistent("/p", 1)));
        for (int i = 0; i < 300; i++) {
            applyEverywhere(txn(zxid++, persistent("/p/c" + i, i + 1)));
        }
        for (int i = 0; i < 300; i++) {
            applyEverywhere(txn(zxid++, new DeleteTxn("/p/c" + i)));
            assertThat(second.digest()).as("after deleting c%d", i).isEqualTo(reference.digest());
        }
        assertSameState(second, reference);
    }

    private void applyEverywhere(Transaction transaction) {
        first.apply(transaction);
        second.apply(transaction);
        reference.apply(transaction);
    }

    @Test
    void aReplicaFarBehindTakesEachApplicationInTurn() {
        List<Transaction> workload = mixedWorkload(new SplittableRandom(11), 300);
        workload.forEach(first::apply);
        for (Transaction transaction : workload) {
            assertThat(second.apply(transaction)).isEqualTo(reference.apply(transaction));
        }
        assertSameState(second, reference);
        assertSameState(first, reference);
    }

    @Test
    void aReplicaInAnotherStateAppliesForItself() {
        Transaction shared = txn(2, persistent("/b", 2));
        second.apply(txn(1, persistent("/a", 1)));
        first.apply(txn(1, persistent("/elsewhere", 1)));
        ApplyResult made = first.apply(shared);
        ApplyResult applied = second.apply(shared);

        assertThat(applied).isNotSameAs(made);
        assertThat(second.exists("/a")).isTrue();
        assertThat(second.exists("/elsewhere")).isFalse();
        assertThat(first.exists("/a")).isFalse();
    }

    @Test
    void replayingAnOlderTransactionLeavesTheOthersTheirSuccessor() {
        DataTree third = first.copy();
        Transaction older = txn(1, persistent("/a", 1));
        Transaction next = txn(2, persistent("/b", 2));
        first.apply(older);
        second.apply(older);
        third.apply(older);
        ApplyResult made = first.apply(next);

        second.apply(older);
        assertThat(third.apply(next)).isSameAs(made);
        assertThat(second.apply(next)).isNotSameAs(made).isEqualTo(made);
    }

    @Test
    void afterABigParentsChangeTheReplicasApplyItThemselvesAndStayTogether() {
        Transaction big = txn(1, persistent("/big", 1));
        first.apply(big);
        second.apply(big);
        long zxid = 2;
        for (int i = 0; i < 300; i++) {
            Transaction child = txn(zxid++, persistent("/big/c" + i, i + 1));
            first.apply(child);
            second.apply(child);
        }
        Transaction bigChange = txn(zxid++, new DeleteTxn("/big/c0"));
        Transaction smallChange = txn(zxid, persistent("/small", 2));
        ApplyResult bigMade = first.apply(bigChange);
        ApplyResult smallMade = first.apply(smallChange);

        assertThat(second.apply(bigChange)).isNotSameAs(bigMade).isEqualTo(bigMade);
        assertThat(second.apply(smallChange)).isSameAs(smallMade);
        assertSameState(second, first);
    }

    @Test
    void aTreeRestoredFromASnapshotTakesWhatItsReplicasApplyNext() {
        first.apply(txn(1, persistent("/a", 1)));
        DataTree restored = DataTree.restore(first.snapshot());
        Transaction next = txn(2, persistent("/b", 2));
        ApplyResult made = first.apply(next);

        assertThat(restored.apply(next)).isSameAs(made);
        assertSameState(restored, first);
    }

    @Test
    void aReplicaLeftBehindLongerThanTheRingAppliesForItself() {
        List<Transaction> workload = new ArrayList<>();
        for (int i = 1; i <= 1100; i++) {
            workload.add(txn(i, new SetDataTxn("/zookeeper/quota", bytes("v" + i), i)));
        }
        List<ApplyResult> made = workload.stream().map(first::apply).toList();

        assertThat(second.apply(workload.get(0))).isNotSameAs(made.get(0));
        for (int i = 1; i < workload.size(); i++) {
            second.apply(workload.get(i));
        }
        assertSameState(second, first);
    }

    private static void assertSameState(DataTree actual, DataTree expected) {
        assertThat(actual.snapshot().dump()).isEqualTo(expected.snapshot().dump());
        assertThat(actual.digest()).isEqualTo(expected.digest());
        assertThat(actual.lastProcessedZxid()).isEqualTo(expected.lastProcessedZxid());
        assertThat(actual.sessionsWithEphemerals()).isEqualTo(expected.sessionsWithEphemerals());
        for (long session : expected.sessionsWithEphemerals()) {
            assertThat(actual.ephemerals(session)).isEqualTo(expected.ephemerals(session));
        }
        assertThat(actual.containers()).isEqualTo(expected.containers());
    }

    /**
     * Creates of persistent, ephemeral and container nodes under a few parents, deletes,
     * data changes, multis and closes of sessions, each valid for the tree it leaves.
     */
    private static List<Transaction> mixedWorkload(SplittableRandom random, int count) {
        List<Transaction> workload = new ArrayList<>();
        List<String> leaves = new ArrayList<>();
        List<String> ephemerals = new ArrayList<>();
        workload.add(txn(1, persistent("/p", 1)));
        workload.add(txn(2, new CreateTxn("/q", bytes("q"), Txn.CONTAINER_OWNER, 2)));
        for (long zxid = 3; zxid < count; zxid++) {
            String parent = random.nextBoolean() ? "/p" : "/q";
            String path = parent + "/n" + zxid;
            switch (random.nextInt(6)) {
                case 0, 1 -> {
                    long owner = random.nextBoolean() ? DataTreeTest.SESSION : OTHER_SESSION;
                    workload.add(txn(zxid, new CreateTxn(path, bytes("e"), owner, -1)));
                    ephemerals.add(path);
                }
                case 2 -> {
                    workload.add(txn(zxid, new CreateTxn(path, bytes("p"), 0, -1)));
                    leaves.add(path);
                }
                case 3 -> workload.add(txn(zxid, leaves.isEmpty() ? new DeleteTxn("/missing")
                        : new DeleteTxn(leaves.remove(random.nextInt(leaves.size())))));
                case 4 -> workload.add(txn(zxid, new MultiTxn(List.of(
                        new SetDataTxn("/p", bytes("d" + zxid), (int) zxid),
                        new CreateTxn(path, null, 0, -1)))));
                default -> {
                    if (zxid % 50 == 0) {
                        workload.add(txn(zxid, new CloseSessionTxn(List.of())));
                        ephemerals.removeIf(ephemeral -> true);
                    } else {
                        workload.add(txn(zxid, new SetDataTxn("/q", bytes("s" + zxid), (int) zxid)));
                    }
                }
            }
        }
        return workload;
    }
}

package dev.zksim.server.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.api.EventType;
import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.server.tree.Txn.CloseSessionTxn;
import dev.zksim.server.tree.Txn.CreateSessionTxn;
import dev.zksim.server.tree.Txn.CreateTxn;
import dev.zksim.server.tree.Txn.DeleteTxn;
import dev.zksim.server.tree.Txn.ErrorTxn;
import dev.zksim.server.tree.Txn.MultiTxn;
import dev.zksim.server.tree.Txn.SetDataTxn;
import dev.zksim.server.tree.WatchTrigger.Table;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class DataTreeTest {
    static final long SESSION = 0x1234L;

    private final DataTree tree = DataTree.standalone();

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** A transaction of SESSION whose time is 1000 + zxid, so times are easy to check. */
    static Transaction txn(long zxid, Txn body) {
        return new Transaction(new TxnHeader(SESSION, 1, zxid, 1000 + zxid), body);
    }

    static CreateTxn persistent(String path, int parentCVersion) {
        return new CreateTxn(path, bytes("x"), 0, parentCVersion);
    }

    @Test
    void freshRootReportsCversionMinusOneAndOneChild() {
        Stat root = tree.stat("/");
        assertThat(root).isEqualTo(new Stat(0, 0, 0, 0, 0, -1, 0, 0, 0, 1, 0));
        assertThat(tree.getChildren("/")).containsExactly("zookeeper");
    }

    @Test
    void freshZookeeperNodeReportsCversionMinusTwo() {
        assertThat(tree.stat("/zookeeper")).isEqualTo(new Stat(0, 0, 0, 0, 0, -2, 0, 0, 0, 2, 0));
        assertThat(tree.getChildren("/zookeeper")).containsExactly("config", "quota");
        assertThat(tree.stat("/zookeeper/quota")).isEqualTo(new Stat(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void standaloneConfigNodeIsEmptyReadOnlyWithAversionMinusOne() {
        assertThat(tree.stat("/zookeeper/config")).isEqualTo(new Stat(0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0));
        assertThat(tree.getData("/zookeeper/config").data()).isEmpty();
        assertThat(tree.nodeInfo("/zookeeper/config").perms()).isEqualTo(Perms.READ);
        assertThat(tree.nodeCount()).isEqualTo(4);
        assertThat(tree.lastProcessedZxid()).isZero();
    }

    @Test
    void quorumConfigNodeHoldsConfigWithVersionMinusOneAndConfigMzxid() {
        DataTree quorum = DataTree.quorum(bytes("server.1=a:1:2"), 0x100000000L);
        Stat config = quorum.stat("/zookeeper/config");
        assertThat(config.version()).isEqualTo(-1);
        assertThat(config.mzxid()).isEqualTo(0x100000000L);
        assertThat(config.dataLength()).isEqualTo(14);
    }

    @Test
    void createInitialisesStatAndBumpsParentCversionPzxidAndChildren() {
        ApplyResult result = tree.apply(txn(5, persistent("/a", 1)));

        assertThat(result.outcome()).isEqualTo(new TxnOutcome.Created("/a", tree.stat("/a")));
        assertThat(tree.stat("/a")).isEqualTo(new Stat(5, 5, 1005, 1005, 0, 0, 0, 0, 1, 0, 5));
        // Root: internal cversion 1, two children -> visible 2*1-2 = 0; mzxid untouched.
        assertThat(tree.stat("/")).isEqualTo(new Stat(0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 5));
        assertThat(tree.lastProcessedZxid()).isEqualTo(5);
    }

    @Test
    void createFiresNodeCreatedThenParentChildrenChanged() {
        ApplyResult result = tree.apply(txn(1, persistent("/a", 1)));
        assertThat(result.triggers()).containsExactly(
                new WatchTrigger(Table.DATA, EventType.NodeCreated, "/a", 1, false),
                new WatchTrigger(Table.CHILD, EventType.NodeChildrenChanged, "/", 1, false));
    }

    @Test
    void deleteFiresDataThenSuppressedChildThenParentTriggers() {
        tree.apply(txn(1, persistent("/a", 1)));
        tree.apply(txn(2, persistent("/a/b", 1)));
        ApplyResult result = tree.apply(txn(3, new DeleteTxn("/a/b")));
        assertThat(result.triggers()).containsExactly(
                new WatchTrigger(Table.DATA, EventType.NodeDeleted, "/a/b", 3, false),
                new WatchTrigger(Table.CHILD, EventType.NodeDeleted, "/a/b", 3, true),
                new WatchTrigger(Table.CHILD, EventType.NodeChildrenChanged, "/a", 3, false));
    }

    @Test
    void deleteRaisesParentPzxidAndVisibleCversionButNotInternalCversion() {
        tree.apply(txn(1, persistent("/a", 1)));
        tree.apply(txn(2, persistent("/a/b", 1)));
        tree.apply(txn(3, new DeleteTxn("/a/b")));

        Stat parent = tree.stat("/a");
        assertThat(parent.pzxid()).isEqualTo(3);
        assertThat(parent.numChildren()).isZero();
        assertThat(parent.cversion()).isEqualTo(2); // one create + one delete
        assertThat(tree.nodeInfo("/a").cversion()).isEqualTo(1);
        assertThat(parent.mzxid()).isEqualTo(1);
        assertThat(tree.exists("/a/b")).isFalse();
    }

    @Test
    void setDataChangesVersionMzxidMtimeOnlyAndFiresDataChanged() {
        tree.apply(txn(1, persistent("/a", 1)));
        Stat rootBefore = tree.stat("/");
        ApplyResult result = tree.apply(txn(7, new SetDataTxn("/a", bytes("hello"), 1)));

        assertThat(tree.stat("/a")).isEqualTo(new Stat(1, 7, 1001, 1007, 1, 0, 0, 0, 5, 0, 1));
        assertThat(tree.stat("/")).isEqualTo(rootBefore);
        assertThat(result.outcome()).isEqualTo(new TxnOutcome.DataSet(tree.stat("/a")));
        assertThat(result.triggers()).containsExactly(
                new WatchTrigger(Table.DATA, EventType.NodeDataChanged, "/a", 7, false));
    }

    @Test
    void nullDataRoundTripsAsNullWithLengthZero() {
        tree.apply(txn(1, new CreateTxn("/n", null, 0, 1)));
        assertThat(tree.getData("/n").data()).isNull();
        assertThat(tree.stat("/n").dataLength()).isZero();

        tree.apply(txn(2, new SetDataTxn("/e", new byte[0], 1)));
        tree.apply(txn(3, new CreateTxn("/e", new byte[0], 0, 2)));
        assertThat(tree.getData("/e").data()).isNotNull().isEmpty();
    }

    @Test
    void ephemeralReportsOwnerAndIsListedPerSessionSorted() {
        tree.apply(txn(1, new CreateTxn("/z", null, SESSION, 1)));
        tree.apply(txn(2, new CreateTxn("/y", null, SESSION, 2)));
        assertThat(tree.stat("/z").ephemeralOwner()).isEqualTo(SESSION);
        assertThat(tree.ephemerals(SESSION)).containsExactly("/y", "/z");
        assertThat(tree.sessionsWithEphemerals()).containsExactly(SESSION);
    }

    @Test
    void containerReportsOwnerZeroButIsTrackedAsContainer() {
        tree.apply(txn(1, new CreateTxn("/c", null, Txn.CONTAINER_OWNER, 1)));
        assertThat(tree.stat("/c").ephemeralOwner()).isZero();
        assertThat(tree.containers()).containsExactly("/c");
        assertThat(tree.sessionsWithEphemerals()).isEmpty();
    }

    @Test
    void errorTxnOnlyAdvancesLastProcessedZxid() {
        long before = tree.digest();
        ApplyResult result = tree.apply(txn(9, new ErrorTxn(-110)));
        assertThat(result.outcome()).isEqualTo(new TxnOutcome.Failed(-110));
        assertThat(result.triggers()).isEmpty();
        assertThat(tree.digest()).isEqualTo(before);
        assertThat(tree.lastProcessedZxid()).isEqualTo(9);
    }

    @Test
    void sessionTxnsAdvanceLastProcessedZxidWithoutChangingNodes() {
        long before = tree.digest();
        assertThat(tree.apply(txn(1, new CreateSessionTxn(30000))).outcome())
                .isEqualTo(new TxnOutcome.SessionCreated(30000));
        assertThat(tree.apply(txn(2, new CloseSessionTxn(List.of()))).outcome())
                .isEqualTo(new TxnOutcome.SessionClosed(List.of()));
        assertThat(tree.digest()).isEqualTo(before);
        assertThat(tree.lastProcessedZxid()).isEqualTo(2);
    }

    @Test
    void multiAppliesAllOpsWithOneZxidAndReportsTypedResults() {
        ApplyResult result = tree.apply(txn(4, new MultiTxn(List.of(
                persistent("/a", 1), persistent("/b", 2), new SetDataTxn("/a", null, 1), new Txn.CheckTxn("/b", 0)))));

        assertThat(result.outcome()).isEqualTo(new TxnOutcome.MultiApplied(List.of(
                new OpResult.CreateResult("/a"), new OpResult.CreateResult("/b"),
                new OpResult.SetDataResult(tree.stat("/a")), new OpResult.CheckResult())));
        Stat root = tree.stat("/");
        assertThat(root.cversion()).isEqualTo(2 * 2 - 3);
        assertThat(root.pzxid()).isEqualTo(4);
        assertThat(tree.stat("/b").czxid()).isEqualTo(4);
        assertThat(result.triggers()).extracting(WatchTrigger::type).containsExactly(
                EventType.NodeCreated, EventType.NodeChildrenChanged,
                EventType.NodeCreated, EventType.NodeChildrenChanged, EventType.NodeDataChanged);
    }

    @Test
    void failedMultiOfErrorTxnsChangesNothingAndReportsErrorResults() {
        long before = tree.digest();
        ApplyResult result = tree.apply(txn(4, new MultiTxn(List.of(
                new ErrorTxn(0), new ErrorTxn(-110), new ErrorTxn(-2)))));
        assertThat(result.outcome()).isEqualTo(new TxnOutcome.MultiApplied(List.of(
                new OpResult.ErrorResult(0), new OpResult.ErrorResult(-110), new OpResult.ErrorResult(-2))));
        assertThat(result.triggers()).isEmpty();
        assertThat(tree.digest()).isEqualTo(before);
        assertThat(tree.lastProcessedZxid()).isEqualTo(4);
    }

    @Test
    void closeSessionDeletesEphemeralsWithParentEffectsAndTriggers() {
        tree.apply(txn(1, persistent("/p", 1)));
        tree.apply(txn(2, new CreateTxn("/p/e1", null, SESSION, 1)));
        tree.apply(txn(3, new CreateTxn("/p/e2", null, SESSION, 2)));

        ApplyResult result = tree.apply(txn(8, new CloseSessionTxn(List.of("/p/e1", "/p/e2"))));

        assertThat(result.outcome()).isEqualTo(new TxnOutcome.SessionClosed(List.of("/p/e1", "/p/e2")));
        assertThat(tree.getChildren("/p")).isEmpty();
        assertThat(tree.stat("/p").pzxid()).isEqualTo(8);
        assertThat(tree.stat("/p").cversion()).isEqualTo(4);
        assertThat(tree.ephemerals(SESSION)).isEmpty();
        assertThat(result.triggers()).hasSize(6).allMatch(trigger -> trigger.zxid() == 8);
        assertThat(result.triggers().get(0)).isEqualTo(
                new WatchTrigger(Table.DATA, EventType.NodeDeleted, "/p/e1", 8, false));
    }

    @Test
    void closeSessionAlsoDeletesEphemeralsMissingFromItsList() {
        tree.apply(txn(1, new CreateTxn("/e", null, SESSION, 1)));
        ApplyResult result = tree.apply(txn(2, new CloseSessionTxn(List.of())));
        assertThat(result.outcome()).isEqualTo(new TxnOutcome.SessionClosed(List.of("/e")));
        assertThat(tree.exists("/e")).isFalse();
    }

    @Test
    void deletingANodeWithChildrenIsAPreparerBug() {
        tree.apply(txn(1, persistent("/a", 1)));
        tree.apply(txn(2, persistent("/a/b", 1)));
        assertThatThrownBy(() -> tree.apply(txn(3, new DeleteTxn("/a")))).isInstanceOf(IllegalStateException.class);
    }
}

package dev.zksim.server.prep;

import static dev.zksim.server.prep.PrepHarness.bytes;
import static dev.zksim.server.prep.PrepHarness.create;
import static dev.zksim.server.prep.PrepHarness.multi;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.Op;
import dev.zksim.api.OpResult;
import dev.zksim.server.tree.ApplyResult;
import dev.zksim.server.tree.Txn.ErrorTxn;
import dev.zksim.server.tree.Txn.MultiTxn;
import dev.zksim.server.tree.TxnOutcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reference 2.8: multi preparation against the pending state, atomicity and result codes. */
class MultiPrepTest {
    private final PrepHarness server = new PrepHarness();

    private static List<OpResult> results(ApplyResult result) {
        return ((TxnOutcome.MultiApplied) result.outcome()).results();
    }

    @Test
    void laterOpsSeeEarlierOpsAndAllShareOneZxid() {
        ApplyResult result = server.submit(multi(
                Op.create("/a", null, CreateMode.PERSISTENT),
                Op.create("/a/s-", null, CreateMode.PERSISTENT_SEQUENTIAL),
                Op.create("/a/s-", null, CreateMode.PERSISTENT_SEQUENTIAL),
                Op.setData("/a", bytes("v"), 0),
                Op.check("/a", 1)));

        assertThat(results(result)).containsExactly(
                new OpResult.CreateResult("/a"),
                new OpResult.CreateResult("/a/s-0000000000"),
                new OpResult.CreateResult("/a/s-0000000001"),
                new OpResult.SetDataResult(server.tree.stat("/a")),
                new OpResult.CheckResult());
        assertThat(server.tree.stat("/a").pzxid()).isEqualTo(1);
        assertThat(server.tree.stat("/a").cversion()).isEqualTo(2 * 2 - 2);
        assertThat(server.tree.stat("/a/s-0000000001").czxid()).isEqualTo(1);
        assertThat(server.tree.lastProcessedZxid()).isEqualTo(1);
    }

    @Test
    void deleteThenRecreateTheSamePathInOneMulti() {
        server.submit(create("/a"));
        ApplyResult result = server.submit(multi(Op.delete("/a", 0), Op.create("/a", bytes("new"), CreateMode.PERSISTENT)));
        assertThat(results(result)).containsExactly(new OpResult.DeleteResult(), new OpResult.CreateResult("/a"));
        assertThat(server.tree.stat("/a").czxid()).isEqualTo(2);
        assertThat(server.tree.getData("/a").data()).isEqualTo(bytes("new"));
    }

    @Test
    void failureGivesOkBeforeTheFailingOpItsCodeThenRuntimeInconsistency() {
        server.submit(create("/a"));
        MultiTxn txn = (MultiTxn) server.submitTxn(multi(
                Op.create("/b", null, CreateMode.PERSISTENT),
                Op.setData("/a", null, 0),
                Op.create("/a", null, CreateMode.PERSISTENT),
                Op.delete("/a", -1),
                Op.check("/nothing", -1)));

        assertThat(txn.txns()).containsExactly(
                new ErrorTxn(0), new ErrorTxn(0), new ErrorTxn(-110), new ErrorTxn(-2), new ErrorTxn(-2));
        assertThat(server.tree.exists("/b")).isFalse();
        assertThat(server.tree.stat("/a").version()).isZero();
        assertThat(server.tree.lastProcessedZxid()).isEqualTo(2);
    }

    @Test
    void failedMultiAppliesToErrorResultsWithoutTriggers() {
        ApplyResult result = server.submit(multi(Op.check("/missing", -1), Op.delete("/zookeeper", -1)));
        assertThat(results(result)).containsExactly(new OpResult.ErrorResult(-101), new OpResult.ErrorResult(-2));
        assertThat(result.triggers()).isEmpty();
    }

    @Test
    void failedMultiRollsBackItsPendingChangesOnly() {
        // A pipelined create of /x is pending (prepared, not applied) when the multi fails.
        server.prepare(create("/x"));
        int before = server.preparer.outstandingCount();
        server.prepare(multi(
                Op.create("/y", null, CreateMode.PERSISTENT),
                Op.setData("/x", null, 0),
                Op.create("/missing/z", null, CreateMode.PERSISTENT)));
        assertThat(server.preparer.outstandingCount()).isEqualTo(before);

        // /y was never created and /x is still at version 0 in the latest state.
        assertThat(server.prepare(create("/y")).txn()).isInstanceOf(dev.zksim.server.tree.Txn.CreateTxn.class);
        assertThat(server.prepare(Request.setData("/x", null, 0)).txn())
                .isInstanceOf(dev.zksim.server.tree.Txn.SetDataTxn.class);
    }

    @Test
    void sequenceCounterIsNotAdvancedByARolledBackMulti() {
        server.submit(create("/p"));
        server.submit(multi(
                Op.create("/p/s", null, CreateMode.PERSISTENT_SEQUENTIAL),
                Op.check("/p", 9)));
        assertThat(server.submit(create("/p/s", CreateMode.PERSISTENT_SEQUENTIAL)).outcome())
                .extracting("path").isEqualTo("/p/s0000000000");
    }

    @Test
    void sessionIsCheckedPerOpSoTheFirstOpCarriesTheError() {
        MultiTxn txn = (MultiTxn) server.prepare(
                multi(Op.create("/a", null, CreateMode.PERSISTENT), Op.check("/", -1)), 1, SessionCheck.CLOSING).txn();
        assertThat(txn.txns()).containsExactly(new ErrorTxn(-112), new ErrorTxn(-2));
    }

    @Test
    void emptyMultiIsAnEmptyMultiTxn() {
        assertThat(server.submitTxn(multi())).isEqualTo(new MultiTxn(List.of()));
    }
}

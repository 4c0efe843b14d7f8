package dev.zksim.server.prep;

import static dev.zksim.server.prep.PrepHarness.SESSION;
import static dev.zksim.server.prep.PrepHarness.create;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.server.prep.Request.CloseSessionRequest;
import dev.zksim.server.prep.Request.CreateSessionRequest;
import dev.zksim.server.tree.ApplyResult;
import dev.zksim.server.tree.Txn.CloseSessionTxn;
import dev.zksim.server.tree.Txn.CreateSessionTxn;
import dev.zksim.server.tree.Txn.CreateTxn;
import dev.zksim.server.tree.Txn.ErrorTxn;
import dev.zksim.server.tree.Txn.SetDataTxn;
import dev.zksim.server.tree.TxnOutcome;
import dev.zksim.server.tree.WatchTrigger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reference 2.1 (pipelining against pending state), 1.5 and 4 (session txns). */
class PipelineAndSessionPrepTest {
    private final PrepHarness server = new PrepHarness();

    @Test
    void pipelinedCreatesSeePendingParentsAndCounters() {
        server.prepare(create("/p"));
        CreateTxn first = (CreateTxn) server.prepare(create("/p/s", CreateMode.PERSISTENT_SEQUENTIAL)).txn();
        CreateTxn second = (CreateTxn) server.prepare(create("/p/s", CreateMode.PERSISTENT_SEQUENTIAL)).txn();
        assertThat(first.path()).isEqualTo("/p/s0000000000");
        assertThat(second.path()).isEqualTo("/p/s0000000001");
        assertThat(server.prepare(create("/p")).txn()).isEqualTo(new ErrorTxn(-110));

        server.applyAll();
        assertThat(server.tree.getChildren("/p")).containsExactly("s0000000000", "s0000000001");
        assertThat(server.preparer.outstandingCount()).isZero();
    }

    @Test
    void versionsAreComparedAgainstThePreparedState() {
        server.submit(create("/a"));
        server.prepare(Request.setData("/a", null, 0));
        assertThat(server.prepare(Request.setData("/a", null, 1)).txn()).isEqualTo(new SetDataTxn("/a", null, 2));
        assertThat(server.prepare(Request.delete("/a", 1)).txn()).isEqualTo(new ErrorTxn(-103));
    }

    @Test
    void retiringAnOlderRecordKeepsANewerOneForTheSamePath() {
        server.submit(create("/a"));
        server.prepare(Request.setData("/a", null, -1));
        server.prepare(Request.setData("/a", null, -1));
        server.applyNext();
        // The tree says version 1, but the second setData is pending: latest is 2.
        assertThat(server.prepare(Request.setData("/a", null, 2)).txn()).isEqualTo(new SetDataTxn("/a", null, 3));
    }

    @Test
    void discardingPendingChangesFallsBackToTheAppliedTree() {
        server.prepare(create("/lost"));
        server.preparer.discardPending();
        assertThat(server.preparer.outstandingCount()).isZero();
        assertThat(server.preparer.prepare(create("/lost/child"), SESSION, 1, SessionCheck.OK, 9, 0).txn())
                .isEqualTo(new ErrorTxn(-101));
    }

    @Test
    void createSessionIsATxnOfItsOwn() {
        assertThat(server.submitTxn(new CreateSessionRequest(30_000))).isEqualTo(new CreateSessionTxn(30_000));
        assertThat(server.tree.lastProcessedZxid()).isEqualTo(1);
    }

    @Test
    void closeSessionListsAppliedAndPendingEphemeralsMinusPendingDeletes() {
        server.submit(create("/p"));
        server.submit(create("/p/b", CreateMode.EPHEMERAL));
        server.submit(create("/p/gone", CreateMode.EPHEMERAL));
        server.submit(create("/other", CreateMode.EPHEMERAL), 0x99L, SessionCheck.OK);
        server.prepare(create("/p/a", CreateMode.EPHEMERAL));
        server.prepare(Request.delete("/p/gone", -1));

        CloseSessionTxn close = (CloseSessionTxn) server.prepare(new CloseSessionRequest()).txn();

        assertThat(close.ephemeralPaths()).containsExactly("/p/a", "/p/b");
    }

    @Test
    void appliedCloseSessionRemovesEphemeralsWithParentEffects() {
        server.submit(create("/p"));
        server.submit(create("/p/e", CreateMode.EPHEMERAL));
        ApplyResult result = server.submit(new CloseSessionRequest());

        assertThat(result.outcome()).isEqualTo(new TxnOutcome.SessionClosed(List.of("/p/e")));
        assertThat(server.tree.exists("/p/e")).isFalse();
        assertThat(server.tree.stat("/p").pzxid()).isEqualTo(3);
        assertThat(server.tree.stat("/p").cversion()).isEqualTo(2);
        assertThat(server.tree.ephemerals(SESSION)).isEmpty();
        assertThat(result.triggers()).extracting(WatchTrigger::type).containsExactly(
                EventType.NodeDeleted, EventType.NodeDeleted, EventType.NodeChildrenChanged);
    }

    @Test
    void pathsOfAPreparedCloseAreFreeForPipelinedCreates() {
        server.submit(create("/e", CreateMode.EPHEMERAL));
        server.prepare(new CloseSessionRequest());
        assertThat(server.prepare(create("/e"), 0x99L, SessionCheck.OK).txn()).isInstanceOf(CreateTxn.class);
        server.applyAll();
        assertThat(server.tree.stat("/e").ephemeralOwner()).isZero();
    }

    @Test
    void everyWriteTakesTheNextZxidWhateverItsOutcome() {
        server.submit(new CreateSessionRequest(10_000));
        server.submit(create("/a"));
        server.submit(create("/a"));
        server.submit(Request.delete("/zookeeper", -1));
        server.submit(create("/b"));
        assertThat(server.tree.stat("/a").czxid()).isEqualTo(2);
        assertThat(server.tree.stat("/b").czxid()).isEqualTo(5);
        assertThat(server.tree.lastProcessedZxid()).isEqualTo(5);
    }
}

package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.server.persist.ZkDatabase;
import dev.zksim.server.tree.Transaction;
import dev.zksim.server.tree.Txn;
import dev.zksim.server.tree.TxnHeader;
import org.junit.jupiter.api.Test;

/** The server-side self-checks pass a healthy ensemble and catch a corrupted replica. */
class EnsembleChecksTest {

    @Test
    void aHealthyStandaloneEnsemblePasses() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(3), EnsembleConfig.defaults(1));
        ensemble.addClient((context, zk) -> zk.create("/e", null, dev.zksim.api.CreateMode.EPHEMERAL));
        ensemble.runFor(Time.seconds(3));
        assertThatCode(() -> ensemble.checks().verifyNow()).doesNotThrowAnyException();
    }

    @Test
    void anEphemeralWhoseSessionIsGoneIsCaught() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(3), EnsembleConfig.defaults(1));
        ensemble.runFor(Time.seconds(1));
        ZkDatabase database = ensemble.server("s1").orElseThrow().database();
        long zxid = database.lastProcessedZxid() + 1;
        // A create that names a session the database never opened: what a bug in closeSession would leave.
        database.apply(new Transaction(new TxnHeader(0x77, 1, zxid, 0), new Txn.CreateTxn("/orphan", null, 0x77, -1)));
        assertThatThrownBy(() -> ensemble.checks().verifyNow())
                .isInstanceOf(SimulationFailure.class)
                .hasMessageContaining("holds ephemerals [/orphan] of session 0x77");
    }
}

package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.server.persist.ZkDatabase;
import dev.zksim.server.tree.Transaction;
import dev.zksim.server.tree.Txn;
import dev.zksim.server.tree.TxnHeader;
import java.util.List;
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

    @Test
    void replicasThatDivergeAtTheSameZxidAreCaught() {
        Ensemble ensemble = threeServersPastAPassingCheck();
        divergeFirstTwoReplicas(ensemble);
        assertThatThrownBy(() -> ensemble.checks().verifyReplicasAgree())
                .hasMessageContaining("but their data trees differ");
    }

    @Test
    void thePeriodicCheckLooksAgainOnceAReplicaHasApplied() {
        Ensemble ensemble = threeServersPastAPassingCheck();
        assertThatCode(() -> ensemble.checks().verifyNow()).doesNotThrowAnyException();
        // The replicas stood still between the two passes above; now two of them move apart.
        divergeFirstTwoReplicas(ensemble);
        assertThatThrownBy(() -> ensemble.checks().verifyNow())
                .isInstanceOf(SimulationFailure.class)
                .hasMessageContaining("s1 and s2 both applied up to zxid")
                .hasMessageContaining("but their data trees differ");
    }

    /** Three servers after five seconds, and a check of them that found nothing wrong. */
    private static Ensemble threeServersPastAPassingCheck() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(4), EnsembleConfig.defaults(3));
        ensemble.runFor(Time.seconds(5));
        assertThatCode(() -> ensemble.checks().verifyNow()).doesNotThrowAnyException();
        return ensemble;
    }

    /** Applies a different create at the same next zxid to s1 and s2, as a replication bug would. */
    private static void divergeFirstTwoReplicas(Ensemble ensemble) {
        ZkDatabase first = ensemble.server("s1").orElseThrow().database();
        ZkDatabase second = ensemble.server("s2").orElseThrow().database();
        long zxid = Math.max(first.lastProcessedZxid(), second.lastProcessedZxid()) + 1;
        first.apply(new Transaction(new TxnHeader(0, 1, zxid, 0), new Txn.CreateTxn("/x", null, 0, -1)));
        second.apply(new Transaction(new TxnHeader(0, 1, zxid, 0), new Txn.CreateTxn("/y", null, 0, -1)));
    }

    @Test
    void anAcknowledgedWriteMissingFromTheCommittedHistoryIsCaught() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(4), EnsembleConfig.defaults(3));
        EnsembleClient client = ensemble.addClient((context, zk) -> { });
        ensemble.runFor(Time.seconds(10));
        client.zk().create("/a", null, dev.zksim.api.CreateMode.PERSISTENT);
        ensemble.runFor(Time.seconds(2));
        assertThat(ensemble.ackedWrites().all()).hasSize(1);
        assertThatCode(() -> ensemble.checks().verifyAcknowledgedWrites()).doesNotThrowAnyException();
        AckedWrites.Ack real = ensemble.ackedWrites().all().getFirst();
        ensemble.ackedWrites().add(new AckedWrites.Ack("c9", real.zxid(), real.sessionId() + 1, 7, "Create"));
        assertThatThrownBy(() -> ensemble.checks().verifyAcknowledgedWrites())
                .hasMessageContaining("c9's Create (xid 7) was acknowledged at zxid");
    }

    /**
     * Servers cut apart without any recorded fault cannot elect: the check fails once the
     * quorum has been undisturbed for twice ZooKeeper's recovery bound. The same cut made by
     * a fault is what a partition does, and no leader is owed until it heals.
     */
    @Test
    void noLeaderAfterTwiceTheRecoveryBoundWithoutAFaultIsCaught() {
        EnsembleConfig config = EnsembleConfig.defaults(3).withSelfChecks(false);
        long bound = 2 * config.quorumRecoveryBound();
        Ensemble faulted = Ensemble.start(new SeededChoices(5), config);
        faulted.faults().partition(List.of(List.of("s1"), List.of("s2"), List.of("s3")));
        faulted.runFor(bound + Time.seconds(5));
        assertThat(faulted.leader()).isEmpty();
        assertThatCode(() -> faulted.checks().verifyLeaderEmerged()).doesNotThrowAnyException();
        faulted.faults().heal();
        faulted.runFor(bound);
        assertThat(faulted.leader()).isPresent();
        assertThatCode(() -> faulted.checks().verifyLeaderEmerged()).doesNotThrowAnyException();

        Ensemble silent = Ensemble.start(new SeededChoices(5), config);
        silent.network().partition(List.of("s1"), List.of("s2", "s3"));
        silent.network().partition(List.of("s2"), List.of("s3"));
        silent.runFor(bound - Time.seconds(1));
        assertThatCode(() -> silent.checks().verifyLeaderEmerged()).doesNotThrowAnyException();
        silent.runFor(Time.seconds(2));
        assertThatThrownBy(() -> silent.checks().verifyLeaderEmerged())
                .isInstanceOf(SimulationFailure.class)
                .hasMessageContaining("no leader emerged although a quorum of servers ran undisturbed");
    }
}

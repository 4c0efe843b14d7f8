package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Ensemble#isIdle()}: true once only heartbeats are pending and every heartbeat will be
 * answered, false in each situation where the run could still change without any new work:
 * a write in flight, a client's own timer, a dead client's session left to expire, a
 * connection a partition cut behind a client's back.
 */
class EnsembleIdleTest {

    @Test
    void aQuorumWhoseClientsAreDoneGoesIdle() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(7), EnsembleConfig.defaults(3));
        ensemble.addClient((context, zk) -> zk.create("/done", null, CreateMode.PERSISTENT));
        ensemble.addClient((context, zk) -> { });
        ensemble.runFor(Time.seconds(10));
        assertThat(ensemble.isIdle()).isTrue();
    }

    @Test
    void aWriteInFlightIsWorkNotIdleness() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(7), EnsembleConfig.defaults(3));
        EnsembleClient client = ensemble.addClient((context, zk) -> { });
        ensemble.runFor(Time.seconds(10));
        client.zk().create("/late", null, CreateMode.PERSISTENT);
        assertThat(ensemble.isIdle()).isFalse();
        ensemble.runFor(Time.seconds(2));
        assertThat(ensemble.isIdle()).isTrue();
    }

    @Test
    void aProgramTimerIsWorkNotIdleness() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(7), EnsembleConfig.defaults(1));
        ensemble.addClient((context, zk) -> context.schedule(Time.seconds(30), () -> zk.create("/later", null, CreateMode.PERSISTENT)));
        ensemble.runFor(Time.seconds(10));
        assertThat(ensemble.isIdle()).isFalse();
        ensemble.runFor(Time.seconds(25));
        assertThat(ensemble.isIdle()).isTrue();
    }

    /**
     * A crashed client's session lives on until it expires, and its expiry deletes ephemerals
     * that others may wait on: the run is not idle until then, although only heartbeats (the
     * tracker's expiry timer among them) are pending.
     */
    @Test
    void aDeadClientsSessionMustExpireFirst() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(7), EnsembleConfig.defaults(3));
        EnsembleClient doomed = ensemble.addClient((context, zk) -> zk.create("/owned", null, CreateMode.EPHEMERAL));
        ensemble.runFor(Time.seconds(10));
        ensemble.faults().crash(doomed.id());
        ensemble.runFor(Time.seconds(1));
        assertThat(ensemble.simulation().onlyHeartbeatsPending()).isTrue();
        assertThat(ensemble.isIdle()).isFalse();
        ensemble.runFor(Time.millis(ensemble.config().sessionTimeoutMs()) + Time.seconds(10));
        assertThat(ensemble.isIdle()).isTrue();
    }

    /**
     * A partition cuts connections silently, and they stay cut after the heal: a client whose
     * connection was cut still believes it connected, and its next ping vanishes. It is not
     * idle until its read timeout has made it reconnect.
     */
    @Test
    void aConnectionCutBehindTheClientsBackIsNotIdle() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(7), EnsembleConfig.defaults(3));
        EnsembleClient client = ensemble.addClient((context, zk) -> { });
        ensemble.runFor(Time.seconds(10));
        assertThat(ensemble.isIdle()).isTrue();
        ensemble.faults().partition(List.of(List.of(client.id()), List.of("s1", "s2", "s3")));
        ensemble.faults().heal();
        assertThat(ensemble.isIdle()).isFalse();
        ensemble.runFor(Time.millis(ensemble.config().sessionTimeoutMs()) + Time.seconds(10));
        assertThat(ensemble.isIdle()).isTrue();
    }
}

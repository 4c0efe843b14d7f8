package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import org.junit.jupiter.api.Test;

/** {@link Ensemble#sessionIdOf}: what the history stamps on a client's ops. */
class SessionIdOfTest {

    @Test
    void aClientsCurrentSessionOrZeroWithoutOneOrWithoutSuchAClient() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(7), EnsembleConfig.defaults(1));
        EnsembleClient client = ensemble.addClient((context, zk) -> { });
        ensemble.runFor(Time.seconds(5));
        assertThat(client.sessionId()).isNotZero();
        assertThat(ensemble.sessionIdOf(client.id())).isEqualTo(client.sessionId());
        assertThat(ensemble.sessionIdOf("nobody")).isZero();
        ensemble.faults().crash(client.id());
        assertThat(ensemble.sessionIdOf(client.id())).isEqualTo(client.sessionId());
    }
}

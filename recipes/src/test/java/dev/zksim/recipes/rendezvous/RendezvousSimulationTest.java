package dev.zksim.recipes.rendezvous;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.KeeperException;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.support.Stages;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The client proceeds exactly once, with the first worker's address, lost replies or not. */
class RendezvousSimulationTest {
    private static final String PATH = "/rv";

    private final List<String> proceeded = new ArrayList<>();
    private final List<String> publishOutcomes = new ArrayList<>();

    private void worker(Ensemble ensemble, String address, long delay, boolean loseReply) {
        ensemble.addClient((ctx, zk) -> ctx.schedule(delay, () -> {
            if (loseReply) {
                ensemble.faults().dropReply(ctx.id());
            }
            new Rendezvous(zk, PATH).publish(address.getBytes(StandardCharsets.UTF_8)).whenComplete((ok, error) ->
                    publishOutcomes.add(address + ":" + (error == null ? "ok" : Stages.code(error).orElseThrow())));
        }));
    }

    @Test
    void theClientProceedsOnceWithTheFirstAddressEvenWhenThePublishersReplyIsLost() {
        for (boolean loseReply : List.of(false, true)) {
            proceeded.clear();
            publishOutcomes.clear();
            Ensemble ensemble = Ensemble.start(new SeededChoices(5), EnsembleConfig.defaults(1));
            ensemble.addClient((ctx, zk) -> {
                Rendezvous rendezvous = new Rendezvous(zk, PATH);
                rendezvous.create().thenCompose(ok -> rendezvous.awaitAddress())
                        .thenAccept(address -> proceeded.add(new String(address, StandardCharsets.UTF_8)));
            });
            worker(ensemble, "10.0.0.2:2181", Time.seconds(1), loseReply);
            worker(ensemble, "10.0.0.3:2181", Time.seconds(2), false);
            ensemble.runFor(Time.millis(900));
            assertThat(proceeded).as("nothing published yet").isEmpty();
            ensemble.runFor(Time.seconds(5));
            assertThat(proceeded).containsExactly("10.0.0.2:2181");
            assertThat(publishOutcomes).containsExactlyInAnyOrder("10.0.0.2:2181:ok", "10.0.0.3:2181:" + KeeperException.Code.BADVERSION);
        }
    }

    @Test
    void anExpiredClientNeverProceeds() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(6), EnsembleConfig.defaults(1));
        List<KeeperException.Code> failures = new ArrayList<>();
        ensemble.addClient((ctx, zk) -> {
            Rendezvous rendezvous = new Rendezvous(zk, PATH);
            rendezvous.create().thenCompose(ok -> rendezvous.awaitAddress()).whenComplete((address, error) -> {
                if (error != null) {
                    failures.add(Stages.code(error).orElseThrow());
                } else {
                    proceeded.add("unexpected");
                }
            });
        });
        ensemble.runFor(Time.millis(500));
        assertThat(ensemble.faults().expireSession("c1")).isTrue();
        worker(ensemble, "10.0.0.2:2181", Time.seconds(1), false);
        ensemble.runFor(Time.seconds(5));
        assertThat(proceeded).isEmpty();
        assertThat(failures).containsExactly(KeeperException.Code.SESSIONEXPIRED);
        assertThat(publishOutcomes).as("the ephemeral rendezvous died with its client").containsExactly("10.0.0.2:2181:NONODE");
    }
}

package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Stat;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.kernel.trace.TraceCapture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * A request that reaches a server over a stale connection, after its session moved to
 * another server, must not take effect (reference 4.7): otherwise it would be applied after
 * requests the client sent later through the new server, breaking the client's order.
 */
class SessionMovedTest {

    @Test
    void aDelayedRequestOnTheOldConnectionIsRejectedOnceTheSessionMoved() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(11), EnsembleConfig.defaults(3));
        TraceCapture trace = new TraceCapture(1_000_000);
        ensemble.simulation().trace().addSink(trace);
        EnsembleClient client = ensemble.addClient((context, zk) -> { });
        ensemble.runFor(Time.seconds(10));
        String oldServer = client.zk().currentServer();
        long session = client.sessionId();
        assertThat(oldServer).isNotNull();

        // Everything between the client and its server now takes 20 s: the create below
        // arrives long after the client gave up on that connection and moved on.
        ensemble.faults().clog("c1", oldServer, Time.seconds(20), Time.seconds(25));
        CompletionStage<String> create = client.zk().create("/moved", null, CreateMode.PERSISTENT);
        ensemble.runFor(Time.seconds(12));
        assertThat(client.zk().currentServer()).as("the client moved to another server").isNotNull().isNotEqualTo(oldServer);
        assertThat(client.sessionId()).isEqualTo(session);
        assertThat(create.toCompletableFuture()).isCompletedExceptionally();

        ensemble.runFor(Time.seconds(30));
        CompletionStage<Stat> exists = client.zk().exists("/moved", false);
        ensemble.runFor(Time.seconds(1));
        assertThat(exists.toCompletableFuture().getNow(new Stat(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
                .as("the stale create never took effect").isNull();
        assertThat(trace.lines()).anyMatch(line -> line.contains("moved"));
        assertThat(KeeperException.Code.SESSIONMOVED.intValue()).isEqualTo(-118);
    }
}

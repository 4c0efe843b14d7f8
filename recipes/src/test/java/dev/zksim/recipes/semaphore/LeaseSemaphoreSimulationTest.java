package dev.zksim.recipes.semaphore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.lock.Grant;
import dev.zksim.recipes.support.HolderState;
import dev.zksim.recipes.testing.HoldTracker;
import dev.zksim.recipes.testing.LockClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** The lease semaphore (two permits) and its leaky canary on a simulated standalone ensemble. */
class LeaseSemaphoreSimulationTest {
    private static final String DIR = "/sem";

    private final List<LockClient> clients = new ArrayList<>();
    private Ensemble ensemble;

    private void start(LockClient.Factory factory, int count) {
        ensemble = Ensemble.start(new SeededChoices(11), EnsembleConfig.defaults(1));
        for (int i = 0; i < count; i++) {
            LockClient client = new LockClient(factory, new HoldTracker(), true, Time.millis(500), 0, 0, 0);
            clients.add(client);
            ensemble.addClient(client);
        }
        ensemble.runFor(Time.seconds(1));
        await(clients.getFirst().zk().create(DIR, null, CreateMode.PERSISTENT));
    }

    private <T> T await(CompletionStage<T> stage) {
        ensemble.runFor(Time.millis(200));
        CompletableFuture<T> future = stage.toCompletableFuture();
        assertThat(future).isDone();
        return future.join();
    }

    @Test
    void twoPermitsAdmitTwoHoldersAndAReleaseLetsTheThirdIn() {
        start((zk, states, guid, listener) -> new LeaseSemaphore(zk, states, DIR, 2, guid, listener), 3);
        await(clients.get(0).lock().acquire());
        await(clients.get(1).lock().acquire());
        CompletionStage<Grant> third = clients.get(2).lock().acquire();
        ensemble.runFor(Time.seconds(1));
        assertThat(clients.get(2).lock().state()).isEqualTo(HolderState.WAITING);
        await(clients.get(0).lock().release());
        ensemble.runFor(Time.millis(500));
        assertThat(third.toCompletableFuture()).isCompleted();
        assertThat(clients.get(1).lock().state()).isEqualTo(HolderState.HELD);
    }

    @Test
    void aCrashedHoldersLeaseComesBackWhenItsSessionExpiresButTheLeakyCanaryKeepsIt() {
        for (boolean leaky : new boolean[] {false, true}) {
            clients.clear();
            start((zk, states, guid, listener) -> leaky ? new LeakySemaphore(zk, states, DIR, 1, guid, listener)
                    : new LeaseSemaphore(zk, states, DIR, 1, guid, listener), 2);
            await(clients.get(0).lock().acquire());
            CompletionStage<Grant> second = clients.get(1).lock().acquire();
            ensemble.faults().crash("c1");
            ensemble.runFor(Time.seconds(30));
            assertThat(second.toCompletableFuture().isDone()).as("leaky=%s", leaky).isEqualTo(!leaky);
        }
    }
}

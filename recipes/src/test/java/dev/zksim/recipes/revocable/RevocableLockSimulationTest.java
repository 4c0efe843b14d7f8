package dev.zksim.recipes.revocable;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.ensemble.ClientProgram;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.lock.ExclusiveLock;
import dev.zksim.recipes.support.HolderState;
import dev.zksim.recipes.testing.HoldTracker;
import dev.zksim.recipes.testing.LockClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** Revocation by consent and by force on a simulated ensemble. */
class RevocableLockSimulationTest {
    static final String DIR = "/rev";

    private final HoldTracker tracker = new HoldTracker();
    private final Ensemble ensemble = Ensemble.start(new SeededChoices(11), EnsembleConfig.defaults(1));
    private ClientContext revokerContext;
    private Revoker revoker;

    private LockClient client(LockClient.Factory factory) {
        LockClient client = new LockClient(factory, tracker, false, 0, 0, 0, 0);
        ensemble.addClient(client);
        return client;
    }

    private void addRevoker() {
        ensemble.addClient(new ClientProgram() {
            @Override
            public void started(ClientContext context, dev.zksim.api.ZooKeeperClient zk) {
                revokerContext = context;
                revoker = new Revoker(zk);
            }
        });
        ensemble.runFor(Time.seconds(1));
    }

    private <T> T await(CompletionStage<T> stage) {
        ensemble.runFor(Time.millis(300));
        CompletableFuture<T> future = stage.toCompletableFuture();
        assertThat(future).isDone();
        return future.join();
    }

    private static LockClient.Factory revocable(RevocableLock.Mode mode) {
        return (zk, states, guid, listener) -> new RevocableLock(zk, states, DIR, guid, mode, listener);
    }

    @Test
    void aHolderReleasesWhenAskedAndTheWaiterGetsTheLock() {
        LockClient holder = client(revocable(RevocableLock.Mode.WRITE));
        LockClient waiter = client(revocable(RevocableLock.Mode.WRITE));
        addRevoker();
        await(holder.zk().create(DIR, null, CreateMode.PERSISTENT));
        await(holder.lock().acquire());
        CompletionStage<?> second = waiter.lock().acquire();
        ensemble.runFor(Time.millis(300));
        List<String> holders = await(revoker.holders(DIR));
        assertThat(holders).containsExactly(((RevocableLock) holder.lock()).node().orElseThrow());
        assertThat(await(revoker.requestRelease(holders.getFirst()))).isTrue();
        ensemble.runFor(Time.millis(500));
        assertThat(holder.lock().state()).isEqualTo(HolderState.RELEASED);
        assertThat(((RevocableLock) holder.lock()).wasRevoked()).isTrue();
        assertThat(second.toCompletableFuture()).isCompleted();
        assertThat(tracker.holders()).containsExactly("c2");
        assertThat(tracker.violations()).isEmpty();
    }

    @Test
    void revokingReadersReleasesEveryOneOfThem() {
        LockClient a = client(revocable(RevocableLock.Mode.READ));
        LockClient b = client(revocable(RevocableLock.Mode.READ));
        addRevoker();
        await(a.zk().create(DIR, null, CreateMode.PERSISTENT));
        await(a.lock().acquire());
        await(b.lock().acquire());
        List<String> holders = await(revoker.holders(DIR));
        assertThat(holders).hasSize(2);
        holders.forEach(revoker::requestRelease);
        ensemble.runFor(Time.millis(500));
        assertThat(a.lock().state()).isEqualTo(HolderState.RELEASED);
        assertThat(b.lock().state()).isEqualTo(HolderState.RELEASED);
        assertThat(await(revoker.holders(DIR))).isEmpty();
    }

    @Test
    void aHolderThatIgnoresTheRequestIsForcedOutAfterTheGracePeriod() {
        // A plain exclusive lock never reads its node's data, so it never consents.
        LockClient stubborn = client((zk, states, guid, listener) -> new ExclusiveLock(zk, states, DIR, guid, listener));
        LockClient waiter = client((zk, states, guid, listener) -> new ExclusiveLock(zk, states, DIR, guid, listener));
        addRevoker();
        await(stubborn.zk().create(DIR, null, CreateMode.PERSISTENT));
        long oldToken = await(stubborn.lock().acquire()).fencingToken();
        waiter.lock().acquire();
        ensemble.runFor(Time.millis(300));
        String node = await(revoker.holders(DIR)).getFirst();
        CompletionStage<Void> forced = revoker.forceRelease(node, Time.seconds(2), revokerContext::schedule);
        ensemble.runFor(Time.seconds(1));
        assertThat(stubborn.lock().state()).as("still within the grace period").isEqualTo(HolderState.HELD);
        ensemble.runFor(Time.seconds(2));
        assertThat(forced.toCompletableFuture()).isCompleted();
        assertThat(stubborn.lock().state()).isEqualTo(HolderState.LOST);
        assertThat(waiter.lock().state()).isEqualTo(HolderState.HELD);
        assertThat(waiter.lock().grant().orElseThrow().fencingToken())
                .as("the forced-out holder's token is now stale").isGreaterThan(oldToken);
        assertThat(tracker.violations()).isEmpty();
    }
}

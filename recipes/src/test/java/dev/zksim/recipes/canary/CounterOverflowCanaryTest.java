package dev.zksim.recipes.canary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.lock.ExclusiveLock;
import dev.zksim.recipes.testing.HoldTracker;
import dev.zksim.recipes.testing.LockClient;
import dev.zksim.server.CounterStart;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the counter-overflow knob exposes: on ZooKeeper 3.9 a parent's sequence counter
 * sticks at 2147483647 once it gets there (the create that takes it carries the wrapped
 * cversion, and the tree never lowers one), so every later lock node is named
 * {@code <guid>-lock-2147483647}: different guids, the same sequence number. A lock that
 * orders by sequence number, then by name for "the impossible tie", as the recipes page's
 * lock does here, then grants a late waiter whose guid sorts first while the holder still
 * holds. The knob's canary is this very lock: nothing in ZooKeeper's API prevents it, so an
 * application must keep a lock directory's counter away from 2^31 - 1 (for example by
 * moving to a fresh directory). The same lock far from the overflow is exclusive.
 */
class CounterOverflowCanaryTest {
    private static final String DIR = "/locks";

    private Ensemble ensemble;

    private <T> T await(CompletionStage<T> stage) {
        ensemble.runFor(Time.seconds(1));
        CompletableFuture<T> future = stage.toCompletableFuture();
        assertThat(future).isDone();
        return future.join();
    }

    @ParameterizedTest(name = "counter starts at {0}")
    @ValueSource(ints = {Integer.MAX_VALUE - 1, 1000})
    void pastTheOverflowTheLockIsGrantedTwice(int counter) {
        ensemble = Ensemble.start(new SeededChoices(6),
                EnsembleConfig.defaults(1).withCounterStarts(List.of(new CounterStart(DIR, counter, 0))));
        HoldTracker tracker = new HoldTracker();
        List<LockClient> clients = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            LockClient client = new LockClient((zk, states, guid, listener) -> new ExclusiveLock(zk, states, DIR, guid,
                    listener), tracker, false, 0, 0, 0, 0);
            clients.add(client);
            ensemble.addClient(client);
        }
        ensemble.runFor(Time.seconds(1));
        await(clients.get(0).lock().acquire());
        CompletionStage<?> second = clients.get(1).lock().acquire();
        ensemble.runFor(Time.seconds(1));
        await(clients.get(0).lock().release());
        await(second);
        assertThat(tracker.holders()).containsExactly("c2");
        clients.get(0).lock().acquire();
        ensemble.runFor(Time.seconds(2));
        List<String> names = await(clients.get(0).zk().getChildren(DIR, false));
        if (counter == 1000) {
            assertThat(tracker.violations()).isEmpty();
            assertThat(tracker.holders()).containsExactly("c2");
        } else {
            assertThat(names).allMatch(name -> name.endsWith("-lock-" + Integer.MAX_VALUE));
            assertThat(tracker.holders()).containsExactlyInAnyOrder("c1", "c2");
            assertThat(tracker.violations()).isNotEmpty();
        }
    }
}

package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.api.CreateMode;
import dev.zksim.api.Stat;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.server.CounterStart;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The counter-start knob: nodes the servers start with, counters far along. The comparison
 * with a real server is in the scenarios' conformance tests; these tests cover what only
 * zksim can show deterministically.
 */
class CounterStartTest {
    private Ensemble ensemble;

    private ZooKeeperClient start(int servers, List<CounterStart> starts) {
        ensemble = Ensemble.start(new SeededChoices(3), EnsembleConfig.defaults(servers).withCounterStarts(starts));
        EnsembleClient client = ensemble.addClient((context, zk) -> { });
        ensemble.runFor(Time.seconds(servers == 1 ? 1 : 8));
        return client.zk();
    }

    private <T> T await(CompletionStage<T> stage) {
        ensemble.runFor(Time.seconds(1));
        CompletableFuture<T> future = stage.toCompletableFuture();
        assertThat(future).isCompleted();
        return future.join();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void everyServerStartsWithTheNodesAndTheirCounters(int servers) {
        ZooKeeperClient zk = start(servers, List.of(new CounterStart("/a/b", 41, 7)));
        Stat stat = await(zk.exists("/a/b", false));
        assertThat(stat.version()).isEqualTo(7);
        assertThat(stat.cversion()).as("visible cversion: 2 * creates - children").isEqualTo(82);
        assertThat(await(zk.exists("/a", false))).as("a missing ancestor is created plain").isNotNull();
        assertThat(await(zk.create("/a/b/s-", null, CreateMode.PERSISTENT_SEQUENTIAL))).isEqualTo("/a/b/s-0000000041");
        assertThat(await(zk.setData("/a/b", null, 7)).version()).isEqualTo(8);
    }

    @Test
    void pipelinedCreatesPastTheOverflowFormatTheNegativeCounterWithItsSign() {
        ZooKeeperClient zk = start(1, List.of(new CounterStart("/p", Integer.MAX_VALUE, 0)));
        // Sent together, the second is prepared against the first's pending record, whose
        // counter has wrapped; ZooKeeper formats it with "%010d" too. On a real server this
        // depends on whether the first txn was applied before the second was prepared.
        CompletionStage<String> first = zk.create("/p/s-", null, CreateMode.PERSISTENT_SEQUENTIAL);
        CompletionStage<String> second = zk.create("/p/s-", null, CreateMode.PERSISTENT_SEQUENTIAL);
        assertThat(await(first)).isEqualTo("/p/s-2147483647");
        assertThat(await(second)).isEqualTo("/p/s--2147483648");
    }

    @Test
    void aRestartedStandaloneServerKeepsTheCountersItStartedWith() {
        ZooKeeperClient zk = start(1, List.of(new CounterStart("/v", 0, Integer.MAX_VALUE)));
        assertThat(await(zk.setData("/v", null, -1)).version()).isEqualTo(Integer.MIN_VALUE);
        ensemble.faults().crash("s1");
        ensemble.runFor(Time.seconds(1));
        ensemble.faults().restart("s1");
        ensemble.runFor(Time.seconds(5));
        assertThat(await(zk.exists("/v", false)).version()).isEqualTo(Integer.MIN_VALUE);
    }

    @Test
    void aCounterStartNeedsAPathOfItsOwn() {
        assertThatThrownBy(() -> new CounterStart("/", 1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CounterStart("/zookeeper/x", 1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CounterStart("no-slash", 1, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}

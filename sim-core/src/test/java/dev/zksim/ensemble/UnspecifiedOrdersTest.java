package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.server.UnspecifiedOrders;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The orders ZooKeeper leaves unspecified are drawn: getChildren lists, one event across
 * several watchers of a client, and a closed session's ephemeral deletions. Each is a
 * permutation (nothing lost or repeated), the same for the same seed, different across
 * seeds, sorted when the draws are all 0, and sorted when the fidelity knob turns it off.
 */
class UnspecifiedOrdersTest {
    private static final List<String> NAMES = IntStream.range(0, 8).mapToObj(i -> "n" + i).toList();

    private Ensemble ensemble;

    private EnsembleClient start(long seed, boolean drawn) {
        ensemble = Ensemble.start(new SeededChoices(seed),
                EnsembleConfig.defaults(1).withFidelity(Fidelity.FAITHFUL.withDrawnOrders(drawn)));
        EnsembleClient client = ensemble.addClient((context, zk) -> { });
        ensemble.runFor(Time.seconds(1));
        return client;
    }

    private <T> T await(CompletionStage<T> stage) {
        ensemble.runFor(Time.seconds(1));
        CompletableFuture<T> future = stage.toCompletableFuture();
        assertThat(future).isCompleted();
        return future.join();
    }

    private List<String> listedChildren(long seed, boolean drawn) {
        ZooKeeperClient zk = start(seed, drawn).zk();
        await(zk.create("/p", null, CreateMode.PERSISTENT));
        for (String name : NAMES.reversed()) {
            zk.create("/p/" + name, null, CreateMode.PERSISTENT);
        }
        ensemble.runFor(Time.seconds(1));
        return await(zk.getChildren("/p", false));
    }

    @Test
    void getChildrenIsADrawnPermutationReplayedBySeed() {
        List<List<String>> lists = new ArrayList<>();
        for (long seed = 1; seed <= 4; seed++) {
            List<String> listed = listedChildren(seed, true);
            assertThat(listed).containsExactlyInAnyOrderElementsOf(NAMES);
            assertThat(listedChildren(seed, true)).as("same seed, same order").isEqualTo(listed);
            lists.add(listed);
        }
        assertThat(lists).as("some seed lists out of order").anyMatch(list -> !list.equals(NAMES));
        assertThat(lists.stream().distinct().count()).isGreaterThan(1);
        assertThat(listedChildren(1, false)).as("the knob off keeps them sorted").isEqualTo(NAMES);
    }

    @Test
    void drawsOfZeroLeaveTheSortedOrder() {
        Choices zeros = new Choices() {
            @Override
            public long draw(long bound) {
                return 0;
            }

            @Override
            public Choices stream(String label) {
                return this;
            }

            @Override
            public String label() {
                return "";
            }
        };
        UnspecifiedOrders orders = new UnspecifiedOrders(zeros, true);
        assertThat(orders.children(NAMES)).isEqualTo(NAMES);
        assertThat(orders.ephemerals(NAMES)).isEqualTo(NAMES);
    }

    private List<Integer> watcherOrder(long seed, boolean drawn) {
        ZooKeeperClient zk = start(seed, drawn).zk();
        List<Integer> fired = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            int index = i;
            zk.exists("/w", event -> fired.add(index));
        }
        ensemble.runFor(Time.seconds(1));
        await(zk.create("/w", null, CreateMode.PERSISTENT));
        return fired;
    }

    @Test
    void oneEventReachesSeveralWatchersOfAClientInADrawnOrder() {
        List<Integer> registration = List.of(0, 1, 2, 3, 4, 5);
        List<List<Integer>> orders = new ArrayList<>();
        for (long seed = 1; seed <= 4; seed++) {
            List<Integer> fired = watcherOrder(seed, true);
            assertThat(fired).containsExactlyInAnyOrderElementsOf(registration);
            assertThat(watcherOrder(seed, true)).isEqualTo(fired);
            orders.add(fired);
        }
        assertThat(orders).anyMatch(order -> !order.equals(registration));
        assertThat(watcherOrder(1, false)).isEqualTo(registration);
    }

    private List<String> deletionOrder(long seed, boolean drawn) {
        EnsembleClient owner = start(seed, drawn);
        EnsembleClient observer = ensemble.addClient((context, zk) -> { });
        ensemble.runFor(Time.seconds(1));
        await(owner.zk().create("/e", null, CreateMode.PERSISTENT));
        List<String> deleted = new ArrayList<>();
        for (String name : NAMES) {
            owner.zk().create("/e/" + name, null, CreateMode.EPHEMERAL);
        }
        ensemble.runFor(Time.seconds(1));
        for (String name : NAMES) {
            observer.zk().exists("/e/" + name, event -> {
                if (event.type() == EventType.NodeDeleted) {
                    deleted.add(event.path().substring(3));
                }
            });
        }
        ensemble.runFor(Time.seconds(1));
        assertThat(ensemble.faults().expireSession("c1")).isTrue();
        ensemble.runFor(Time.seconds(2));
        return deleted;
    }

    @Test
    void aClosedSessionsEphemeralsAreDeletedInADrawnOrder() {
        List<List<String>> orders = new ArrayList<>();
        for (long seed = 1; seed <= 4; seed++) {
            List<String> deleted = deletionOrder(seed, true);
            assertThat(deleted).containsExactlyInAnyOrderElementsOf(NAMES);
            assertThat(deletionOrder(seed, true)).isEqualTo(deleted);
            orders.add(deleted);
        }
        assertThat(orders).anyMatch(order -> !order.equals(NAMES));
        assertThat(deletionOrder(1, false)).isEqualTo(NAMES);
    }
}

package dev.zksim.recipes.priorityqueue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Among the items present, the most urgent is taken first, including items that arrive late. */
class PriorityQueueSimulationTest {
    private static final String PATH = "/pq";

    private record Offered(int priority, int index) {
    }

    private final List<Offered> acked = new ArrayList<>();
    private final List<Offered> taken = new ArrayList<>();

    private static byte[] encode(Offered offered) {
        return (offered.priority() + ":" + offered.index()).getBytes(StandardCharsets.UTF_8);
    }

    private static Offered decode(byte[] data) {
        String[] parts = new String(data, StandardCharsets.UTF_8).split(":");
        return new Offered(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }

    private void produce(DistributedPriorityQueue queue, List<Offered> items, int next) {
        if (next < items.size()) {
            queue.offer(encode(items.get(next)), items.get(next).priority()).thenRun(() -> {
                acked.add(items.get(next));
                produce(queue, items, next + 1);
            });
        }
    }

    private void consume(DistributedPriorityQueue queue, dev.zksim.ensemble.ClientContext ctx, long pause) {
        queue.take().thenAccept(item -> {
            taken.add(decode(item.data()));
            ctx.schedule(pause, () -> consume(queue, ctx, pause));
        });
    }

    @Test
    void aBacklogIsDrainedByPriorityThenArrival() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(4), EnsembleConfig.defaults(1));
        ensemble.addClient((ctx, zk) -> {
            DistributedPriorityQueue queue = new DistributedPriorityQueue(zk, PATH, ctx.id());
            List<Offered> items = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                items.add(new Offered(ctx.choices().intIn(0, 9), i));
            }
            queue.ensure().thenRun(() -> produce(queue, items, 0));
        });
        ensemble.runFor(Time.seconds(2));
        assertThat(acked).hasSize(20);
        ensemble.addClient((ctx, zk) -> consume(new DistributedPriorityQueue(zk, PATH, ctx.id()), ctx, 0));
        ensemble.runFor(Time.seconds(2));
        assertThat(taken).containsExactlyElementsOf(acked.stream()
                .sorted(Comparator.comparingInt(Offered::priority).thenComparingInt(Offered::index)).toList());
    }

    @Test
    void anUrgentItemArrivingLateOvertakesTheCachedList() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(9), EnsembleConfig.defaults(1));
        ensemble.addClient((ctx, zk) -> {
            DistributedPriorityQueue queue = new DistributedPriorityQueue(zk, PATH, ctx.id());
            List<Offered> backlog = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                backlog.add(new Offered(50, i));
            }
            queue.ensure().thenRun(() -> produce(queue, backlog, 0));
            ctx.schedule(Time.millis(1500), () -> produce(queue, List.of(new Offered(1, 100)), 0));
        });
        ensemble.runFor(Time.seconds(1));
        // The consumer caches the whole backlog at its first listing, then takes one item
        // every 300 ms; the urgent item arrives while the cache still holds eight.
        ensemble.addClient((ctx, zk) -> consume(new DistributedPriorityQueue(zk, PATH, ctx.id()), ctx, Time.millis(300)));
        ensemble.runFor(Time.seconds(5));
        assertThat(taken).hasSize(11);
        int urgentAt = taken.indexOf(new Offered(1, 100));
        assertThat(urgentAt).as("taken right after it arrived, not after the cached backlog").isBetween(1, 3);
    }

    @Test
    void severalConsumersWithLostRepliesTakeEveryItemOnce() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(17), EnsembleConfig.defaults(1));
        for (int p = 0; p < 2; p++) {
            ensemble.addClient((ctx, zk) -> {
                DistributedPriorityQueue queue = new DistributedPriorityQueue(zk, PATH, ctx.id());
                List<Offered> items = new ArrayList<>();
                for (int i = 0; i < 15; i++) {
                    items.add(new Offered(ctx.choices().intIn(0, 3), Integer.parseInt(ctx.id().substring(1)) * 1000 + i));
                }
                queue.ensure().thenRun(() -> produce(queue, items, 0));
            });
        }
        for (int c = 0; c < 2; c++) {
            ensemble.addClient((ctx, zk) -> {
                DistributedPriorityQueue queue = new DistributedPriorityQueue(zk, PATH, ctx.id());
                queue.ensure().thenRun(() -> consume(queue, ctx, Time.millis(5)));
            });
        }
        for (int step = 0; step < 16; step++) {
            ensemble.runFor(Time.millis(90));
            ensemble.faults().dropReply("c" + (1 + step % 4));
        }
        ensemble.runFor(Time.seconds(10));
        assertThat(acked).hasSize(30);
        assertThat(taken).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(acked);
    }
}

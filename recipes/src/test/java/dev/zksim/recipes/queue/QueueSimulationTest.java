package dev.zksim.recipes.queue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Producers enqueue numbered items one after another while consumers drain the queue. No
 * item may be taken twice, every acknowledged item must be taken, and each consumer sees a
 * producer's items in the order they were enqueued.
 */
class QueueSimulationTest {
    private static final String PATH = "/q";
    private static final int PRODUCERS = 3;
    private static final int CONSUMERS = 3;
    private static final int ITEMS = 12;

    private final Set<String> acked = new LinkedHashSet<>();
    private final List<String> takenAll = new ArrayList<>();
    private final Map<String, List<String>> takenBy = new LinkedHashMap<>();

    private Ensemble run(long seed) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(seed), EnsembleConfig.defaults(1));
        for (int p = 0; p < PRODUCERS; p++) {
            ensemble.addClient((ctx, zk) -> {
                DistributedQueue queue = new DistributedQueue(zk, PATH, ctx.id());
                queue.ensure().thenRun(() -> produce(ctx.id(), queue, 0));
            });
        }
        for (int c = 0; c < CONSUMERS; c++) {
            ensemble.addClient((ctx, zk) -> {
                DistributedQueue queue = new DistributedQueue(zk, PATH, ctx.id());
                queue.ensure().thenRun(() -> consume(ctx.id(), queue));
            });
        }
        return ensemble;
    }

    private void produce(String producer, DistributedQueue queue, int index) {
        if (index == ITEMS) {
            return;
        }
        String item = producer + ":" + index;
        queue.offer(item.getBytes(StandardCharsets.UTF_8)).thenRun(() -> {
            acked.add(item);
            produce(producer, queue, index + 1);
        });
    }

    private void consume(String consumer, DistributedQueue queue) {
        queue.take().thenAccept(item -> {
            String text = new String(item.data(), StandardCharsets.UTF_8);
            takenAll.add(text);
            takenBy.computeIfAbsent(consumer, id -> new ArrayList<>()).add(text);
            consume(consumer, queue);
        });
    }

    private void assertGuarantees() {
        assertThat(new LinkedHashSet<>(takenAll)).as("no item taken twice").hasSameSizeAs(takenAll);
        assertThat(takenAll).as("no acknowledged item lost").containsAll(acked);
        assertThat(acked).hasSize(PRODUCERS * ITEMS);
        for (List<String> seen : takenBy.values()) {
            Map<String, Integer> last = new LinkedHashMap<>();
            for (String item : seen) {
                String[] parts = item.split(":");
                int index = Integer.parseInt(parts[1]);
                assertThat(index).as("FIFO per producer in " + seen).isGreaterThan(last.getOrDefault(parts[0], -1));
                last.put(parts[0], index);
            }
        }
    }

    @Test
    void everyItemIsTakenExactlyOnceInProducerOrder() {
        for (long seed = 1; seed <= 3; seed++) {
            acked.clear();
            takenAll.clear();
            takenBy.clear();
            Ensemble ensemble = run(seed);
            ensemble.runFor(Time.seconds(5));
            assertGuarantees();
            assertThat(takenBy).as("several consumers got work").hasSizeGreaterThan(1);
        }
    }

    @Test
    void lostRepliesNeitherDuplicateNorLoseItems() {
        Ensemble ensemble = run(21);
        ensemble.runFor(Time.millis(200));
        for (int step = 0; step < 30; step++) {
            ensemble.faults().dropReply("c" + (1 + step % (PRODUCERS + CONSUMERS)));
            ensemble.runFor(Time.millis(120));
        }
        ensemble.runFor(Time.seconds(10));
        assertGuarantees();
    }
}

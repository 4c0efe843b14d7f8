package dev.zksim.recipes.canary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.ensemble.Fidelity;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.queue.DistributedQueue;
import dev.zksim.recipes.queue.ItemOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The canary of the drawn getChildren order: one producer enqueues ten items, one after
 * another, then one consumer drains the queue. FIFO demands the consumer takes them in
 * enqueue order. The consumer that forgets to sort is caught only when the server's list
 * order is drawn; the correct consumer is FIFO either way.
 */
class DrawnOrderCanaryTest {
    private static final List<String> ITEMS = IntStream.range(0, 10).mapToObj(i -> "item" + i).toList();

    private List<String> drain(ItemOrder order, boolean drawn, long seed) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(seed),
                EnsembleConfig.defaults(1).withFidelity(Fidelity.FAITHFUL.withDrawnOrders(drawn)));
        List<String> taken = new ArrayList<>();
        ensemble.addClient((ctx, zk) -> {
            DistributedQueue producer = new DistributedQueue(zk, "/q", ctx.id());
            producer.ensure().thenRun(() -> produce(producer, 0));
        });
        ensemble.runFor(Time.seconds(5));
        ensemble.addClient((ctx, zk) -> consume(new DistributedQueue(zk, "/q", ctx.id(), order), taken));
        ensemble.runFor(Time.seconds(5));
        return taken;
    }

    private static void produce(DistributedQueue queue, int index) {
        if (index < ITEMS.size()) {
            queue.offer(ITEMS.get(index).getBytes(StandardCharsets.UTF_8)).thenRun(() -> produce(queue, index + 1));
        }
    }

    private static void consume(DistributedQueue queue, List<String> taken) {
        queue.take().thenAccept(item -> {
            taken.add(new String(item.data(), StandardCharsets.UTF_8));
            if (taken.size() < ITEMS.size()) {
                consume(queue, taken);
            }
        });
    }

    @ParameterizedTest(name = "{0} consumer, drawn orders {1}: FIFO kept = {2}")
    @CsvSource({
        "sorting, true, true",
        "sorting, false, true",
        "unsorted, false, true",
        "unsorted, true, false",
    })
    void onlyTheDrawnOrderExposesAConsumerThatForgetsToSort(String consumer, boolean drawn, boolean fifo) {
        ItemOrder order = consumer.equals("sorting") ? ItemOrder.FIFO : new UnsortedItemOrder();
        for (long seed = 1; seed <= 3; seed++) {
            List<String> taken = drain(order, drawn, seed);
            assertThat(taken).containsExactlyInAnyOrderElementsOf(ITEMS);
            assertThat(taken.equals(ITEMS)).as("seed " + seed + " took " + taken).isEqualTo(fifo);
        }
    }
}

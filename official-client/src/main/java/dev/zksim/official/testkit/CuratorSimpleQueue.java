package dev.zksim.official.testkit;

import dev.zksim.testkit.QueueUnderTest;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionStage;
import org.apache.curator.framework.recipes.queue.SimpleDistributedQueue;

/**
 * One client's handle on a Curator {@code SimpleDistributedQueue} as the testkit's FIFO queue:
 * an offer is the queue's {@code offer} and a take its blocking {@code take}, each a call on a
 * simulated thread. Offers run one after the other, and so do takes, each on a chain of its
 * own, so that a take waiting for an item does not hold up the client's offers. Items are
 * their text in UTF-8.
 *
 * <p>The queue object is built once, on the client's first call, over the client's Curator
 * framework; Curator gives the queue a new session when the old one is lost, so the same
 * object serves every session.
 */
final class CuratorSimpleQueue implements QueueUnderTest {
    private final CuratorTestkit.LazyCurator curator;
    private final String path;
    private final CallChain offers;
    private final CallChain takes;
    private SimpleDistributedQueue queue;

    CuratorSimpleQueue(SimulatedClient client, String path) {
        this.curator = new CuratorTestkit.LazyCurator(client);
        this.path = path;
        this.offers = new CallChain(client);
        this.takes = new CallChain(client);
    }

    @Override
    public CompletionStage<Void> offer(String item, int priority) {
        return offers.then("offer", () -> {
            queue().offer(item.getBytes(StandardCharsets.UTF_8));
            return null;
        });
    }

    @Override
    public CompletionStage<String> take() {
        return takes.then("take", () -> new String(queue().take(), StandardCharsets.UTF_8));
    }

    /** The queue, built on first use; both chains' threads ask for it, one at a time in simulated time. */
    private SimpleDistributedQueue queue() {
        if (queue == null) {
            queue = new SimpleDistributedQueue(curator.get(), path);
        }
        return queue;
    }
}

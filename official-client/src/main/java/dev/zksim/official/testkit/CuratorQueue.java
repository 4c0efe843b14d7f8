package dev.zksim.official.testkit;

import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.testkit.QueueUnderTest;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.queue.DistributedPriorityQueue;
import org.apache.curator.framework.recipes.queue.DistributedQueue;
import org.apache.curator.framework.recipes.queue.QueueBase;
import org.apache.curator.framework.recipes.queue.QueueBuilder;
import org.apache.curator.framework.recipes.queue.QueueConsumer;
import org.apache.curator.framework.recipes.queue.QueueSerializer;

/**
 * One client's handle on a Curator {@code DistributedQueue} or {@code DistributedPriorityQueue}
 * as the testkit's queue. It builds two Curator queues on the same path, each the first time
 * it is needed: a producer-only one for offers and a consuming one for takes, whose consumer
 * and executor are a {@link TakeGate}. Both put in the foreground
 * ({@code putInBackground(false)}), so that an offer is acknowledged only once its node is
 * created, and a failed put is reported instead of dropped by a background callback.
 *
 * <p>Offers run one after the other on simulated threads. The consuming queue is started on
 * a simulated thread of its own when the first take arrives, and again after a failed start
 * (Curator cannot restart a queue whose {@code start} threw, so each attempt builds a new
 * one); meanwhile takes wait.
 */
@SuppressForbidden("starts the consuming queue on a simulated thread, which the simulation schedules")
final class CuratorQueue implements QueueUnderTest {
    /** How long to wait before building the consuming queue again after its start failed, in ms. */
    private static final long RESTART_PAUSE_MILLIS = 100;

    /** Which of Curator's queues, and how an item goes into it. */
    interface Kind {
        QueueBase<String> build(QueueBuilder<String> builder);

        void put(QueueBase<String> queue, String item, int priority) throws Exception;
    }

    /** {@code DistributedQueue}: FIFO by sequence number; priorities are ignored. */
    static final Kind FIFO = new Kind() {
        @Override
        public QueueBase<String> build(QueueBuilder<String> builder) {
            return builder.buildQueue();
        }

        @Override
        @SuppressWarnings("unchecked")
        public void put(QueueBase<String> queue, String item, int priority) throws Exception {
            ((DistributedQueue<String>) queue).put(item);
        }
    };

    /**
     * {@code DistributedPriorityQueue}, refreshing its list before every claim if it changed
     * ({@code minItemsBeforeRefresh} 0), so that an urgent item that arrives is served next.
     */
    static final Kind PRIORITY = new Kind() {
        @Override
        public QueueBase<String> build(QueueBuilder<String> builder) {
            return builder.buildPriorityQueue(0);
        }

        @Override
        @SuppressWarnings("unchecked")
        public void put(QueueBase<String> queue, String item, int priority) throws Exception {
            ((DistributedPriorityQueue<String>) queue).put(item, priority);
        }
    };

    /** Items are their text in UTF-8. */
    private static final QueueSerializer<String> TEXT = new QueueSerializer<>() {
        @Override
        public byte[] serialize(String item) {
            return item.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String deserialize(byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    };

    private final SimulatedClient client;
    private final CuratorTestkit.LazyCurator curator;
    private final Kind kind;
    private final String path;
    private final String lockPath;
    private final CallChain offers;
    private final TakeGate gate = new TakeGate();
    private QueueBase<String> producer;
    private boolean consumerStarted;
    private CompletableFuture<String> lastTake;

    CuratorQueue(SimulatedClient client, Kind kind, String path, String lockPath) {
        this.client = client;
        this.curator = new CuratorTestkit.LazyCurator(client);
        this.kind = kind;
        this.path = path;
        this.lockPath = lockPath;
        this.offers = new CallChain(client);
    }

    @Override
    public CompletionStage<Void> offer(String item, int priority) {
        return offers.then("offer", () -> {
            kind.put(producer(), item, priority);
            return null;
        });
    }

    @Override
    public CompletionStage<String> take() {
        CompletableFuture<String> take = new CompletableFuture<>();
        lastTake = take;
        gate.ask(take);
        if (!consumerStarted) {
            consumerStarted = true;
            client.start("queue-consumer", this::startConsumer);
        }
        return take;
    }

    @Override
    public void cancelTake() {
        if (lastTake != null) {
            gate.cancel(lastTake);
        }
    }

    /** The producer-only queue, started on the first offer and again after a failed start. */
    private QueueBase<String> producer() throws Exception {
        if (producer == null) {
            producer = started(null);
        }
        return producer;
    }

    /** Starts the consuming queue, building a new one after each failed start until one starts. */
    private void startConsumer() {
        while (true) {
            try {
                started(gate);
                return;
            } catch (Exception e) {
                if (Thread.currentThread().isInterrupted() || e instanceof InterruptedException) {
                    return;
                }
            }
            try {
                client.sleep(RESTART_PAUSE_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** A new Curator queue on the path, started; closed again if its start failed. */
    private QueueBase<String> started(QueueConsumer<String> consumer) throws Exception {
        CuratorFramework framework = curator.get();
        QueueBuilder<String> builder = QueueBuilder.builder(framework, consumer, TEXT, path).putInBackground(false);
        if (consumer != null) {
            builder.executor(gate);
        }
        if (lockPath != null) {
            builder.lockPath(lockPath);
        }
        QueueBase<String> queue = kind.build(builder);
        return CuratorTestkit.startedOrClosed(() -> queue, QueueBase::start, CuratorTestkit::closeQuietly);
    }
}

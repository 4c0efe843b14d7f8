package dev.zksim.catalog;

import dev.zksim.kernel.Time;
import dev.zksim.recipes.barrier.Barrier;
import dev.zksim.recipes.doublebarrier.DoubleBarrier;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.BarrierUnderTest;
import dev.zksim.testkit.DoubleBarrierUnderTest;
import dev.zksim.testkit.TestClient;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * zksim's simple and double barriers as the testkit's {@link BarrierUnderTest} and
 * {@link DoubleBarrierUnderTest}, and a canary of each: a waiter whose timeout lets it
 * through, and a participant that counts one too few.
 */
public final class RecipeBarriers {
    private static final String PATH = "/dbarrier";

    private RecipeBarriers() {
    }

    /** zksim's simple barrier. */
    public static BarrierUnderTest.Factory barrier() {
        return (client, path) -> new SimpleBarrier(client, path, 0);
    }

    /**
     * CANARY, BROKEN ON PURPOSE: a waiter that stops waiting after half a second and goes on
     * as if the barrier were lifted, a timeout written as "proceed" instead of "fail".
     */
    public static BarrierUnderTest.Factory impatientCanary() {
        return (client, path) -> new SimpleBarrier(client, path, Time.millis(500));
    }

    /** zksim's double barrier. */
    public static DoubleBarrierUnderTest.Factory doubleBarrier() {
        return (client, participants) -> new Participant(client, participants);
    }

    /**
     * CANARY, BROKEN ON PURPOSE: a participant that does not count itself among those it waits
     * for, so with N participants it goes in once N - 1 have arrived, before the last one has.
     */
    public static DoubleBarrierUnderTest.Factory oneShortCanary() {
        return (client, participants) -> new Participant(client, Math.max(1, participants - 1));
    }

    /** One participant; the recipe's names are unique per session, so each session gets its own. */
    private static final class Participant implements DoubleBarrierUnderTest {
        private final TestClient client;
        private final int threshold;
        private DoubleBarrier barrier;
        private int sessions;

        Participant(TestClient client, int threshold) {
            this.client = client;
            this.threshold = threshold;
            client.connection().subscribe(state -> {
                if (state == ConnectionState.LOST) {
                    barrier = null;
                }
            });
        }

        private DoubleBarrier barrier() {
            if (barrier == null) {
                barrier = new DoubleBarrier(client.zk(), PATH, client.uniqueName() + "s" + (++sessions), threshold);
            }
            return barrier;
        }

        @Override
        public CompletionStage<Void> enter() {
            return barrier().enter();
        }

        @Override
        public CompletionStage<Void> leave() {
            return barrier().leave();
        }
    }

    /** One party on zksim's simple barrier; with a patience, a waiter that proceeds when it runs out. */
    private record SimpleBarrier(TestClient client, String path, long patience) implements BarrierUnderTest {

        @Override
        public CompletionStage<Void> raise() {
            return new Barrier(client.zk(), path).raise();
        }

        @Override
        public CompletionStage<Void> lift() {
            return new Barrier(client.zk(), path).lift();
        }

        @Override
        public CompletionStage<Boolean> isRaised() {
            return client.zk().exists(path, false).thenApply(stat -> stat != null);
        }

        @Override
        public CompletionStage<Void> awaitLifted() {
            CompletionStage<Void> lifted = new Barrier(client.zk(), path).awaitLifted();
            if (patience == 0) {
                return lifted;
            }
            CompletableFuture<Void> passed = lifted.toCompletableFuture();
            client.schedule(patience, () -> passed.complete(null));
            return passed;
        }
    }
}

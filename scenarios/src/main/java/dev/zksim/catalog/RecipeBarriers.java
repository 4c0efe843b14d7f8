package dev.zksim.catalog;

import dev.zksim.recipes.doublebarrier.DoubleBarrier;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.DoubleBarrierUnderTest;
import dev.zksim.testkit.TestClient;
import java.util.concurrent.CompletionStage;

/**
 * zksim's double barrier as the testkit's {@link DoubleBarrierUnderTest}, and a canary that
 * counts one participant too few.
 */
public final class RecipeBarriers {
    private static final String PATH = "/dbarrier";

    private RecipeBarriers() {
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
}

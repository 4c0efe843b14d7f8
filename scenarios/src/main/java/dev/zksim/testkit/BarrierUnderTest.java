package dev.zksim.testkit;

import java.util.concurrent.CompletionStage;

/**
 * The contract of a simple barrier under test: a coordinator raises it and later lifts it;
 * waiters that find it raised wait until it is lifted, then pass. One instance is one
 * party's handle on the barrier at one path.
 *
 * <p>The one rule the testkit holds a barrier to: nobody passes before the coordinator has
 * asked to lift it. A waiter that times out, or mistakes a lost connection for a lifted
 * barrier, and proceeds anyway, breaks it.
 */
public interface BarrierUnderTest {

    /** Coordinator: raises the barrier; completes once it is up. */
    CompletionStage<Void> raise();

    /** Coordinator: lifts the barrier; completes once it is down. */
    CompletionStage<Void> lift();

    /**
     * Waiter: whether this client sees the barrier raised now. A waiter arrives only once it
     * has seen the barrier up, since one that came before the raise would rightly pass.
     */
    CompletionStage<Boolean> isRaised();

    /** Waiter: completes once the barrier is lifted (at once if it is down), and the waiter may pass. */
    CompletionStage<Void> awaitLifted();

    /** Builds one party's handle on the barrier at {@code path}, on a client. */
    @FunctionalInterface
    interface Factory {
        BarrierUnderTest create(TestClient client, String path);
    }
}

package dev.zksim.testkit;

import java.util.concurrent.CompletionStage;

/**
 * The contract of a double barrier under test: one instance is one participant of one round
 * for a fixed number of participants. After its session is lost the workload opens a new
 * session and, if the participant had not left yet, calls {@link #enter} again on the same
 * instance (the round's participants may all have arrived by then, so it must let it in).
 */
public interface DoubleBarrierUnderTest {

    /** Arrives; completes once every participant has arrived, and the participant may compute. */
    CompletionStage<Void> enter();

    /** Finished computing; completes once every participant that entered has finished too. */
    CompletionStage<Void> leave();

    /** Builds one participant of a barrier for {@code participants} processes. */
    @FunctionalInterface
    interface Factory {
        DoubleBarrierUnderTest create(TestClient client, int participants);
    }
}

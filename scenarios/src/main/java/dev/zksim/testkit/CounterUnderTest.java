package dev.zksim.testkit;

import java.util.OptionalLong;
import java.util.concurrent.CompletionStage;

/**
 * The contract of a shared counter under test (an atomic long, a shared count, a sequence
 * that hands out numbers by counting): one instance is one caller's handle on the counter,
 * which starts at 0 and only ever goes up by one at a time. The workload adds one again and
 * again on the same instance and reads the counter now and then.
 *
 * <p>An increment that fails or never answers may or may not have counted; one that
 * completes must have counted exactly once. That is the promise a retry breaks when it
 * repeats a write whose reply was lost, and the one an "already applied" test breaks when it
 * takes another caller's write for its own.
 */
public interface CounterUnderTest {

    /**
     * Adds one. The stage completes once the increment has counted, with the counter's value
     * right after it when the counter reports one (empty when it does not), or fails when the
     * increment could not be made or its outcome is unknown.
     */
    CompletionStage<OptionalLong> increment();

    /**
     * Reads the counter. The value must count every increment that completed before the call:
     * ZooKeeper serves a read from the server the client is connected to, which may lag behind,
     * so a counter whose reads are meant to be current syncs first. A counter whose reads may
     * lag is declared with {@link CounterScenario#staleReads()}.
     */
    CompletionStage<Long> read();

    /** Builds one caller's handle on the counter, on a client. */
    @FunctionalInterface
    interface Factory {
        CounterUnderTest create(TestClient client);
    }
}

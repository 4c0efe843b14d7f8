package dev.zksim.testkit;

import java.util.concurrent.CompletionStage;

/**
 * The contract of a leader election (or leader latch) under test. One instance is one
 * candidate. It reports through the {@link HolderEvents} its factory was given: {@code held}
 * when it leads (with an epoch or fencing token that grows with every new leader, 0 if it has
 * none), {@code suspended} when its connection is down, {@code lost} when its candidacy is
 * gone (session expired, node deleted), {@code released} when it withdrew.
 */
public interface ElectionUnderTest {

    /** Enters the election; the candidate leads at some point, or follows until it does. */
    void start();

    /**
     * Withdraws: a leader stops leading at once. The stage completes once the candidacy is
     * gone on the servers (its node deleted), so that another candidate can take over.
     */
    CompletionStage<Void> stop();

    /** Builds one candidate on a client; the events are how it reports. */
    @FunctionalInterface
    interface Factory {
        ElectionUnderTest create(TestClient client, HolderEvents events);
    }
}

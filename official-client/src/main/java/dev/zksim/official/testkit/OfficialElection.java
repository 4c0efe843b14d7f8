package dev.zksim.official.testkit;

import dev.zksim.testkit.HolderEvents;

/**
 * A leader election written with the official client (blocking or callback API), as the
 * testkit drives it: one instance is one candidate. Both calls run on a simulated thread of
 * their own and may block; a callback-style election returns from {@link #start} at once and
 * goes on in its callbacks, on the handle's event thread.
 */
public interface OfficialElection {

    /** Enters the election. */
    void start() throws Exception;

    /** Withdraws; returns once the candidacy is gone on the servers (its node deleted). */
    void stop() throws Exception;

    /**
     * Builds one candidate. The election reports through {@code events} (from any of its
     * threads or callbacks): {@code held} when it leads, {@code suspended} when its
     * connection is down, {@code lost} when its candidacy is gone, {@code released} when it
     * withdrew (the testkit reports that one itself when {@link #stop} returns). A recipe class with a listener of its own is adapted here, in the test.
     */
    @FunctionalInterface
    interface Factory {
        OfficialElection create(OfficialClient client, HolderEvents events);
    }
}

package dev.zksim.official.testkit;

import java.util.OptionalLong;

/**
 * A shared counter written as blocking code (against the official client, or with Curator),
 * for {@link OfficialTestkit#counter}. The testkit runs each call on a simulated thread of the
 * counter's client, one call after the other.
 */
public interface BlockingCounter {

    /**
     * Adds one and returns the value right after this increment, or empty when the counter does
     * not say. Throws when the increment could not be made or its outcome is unknown.
     */
    OptionalLong increment() throws Exception;

    /** Reads the counter, counting every increment that completed before the call (sync first). */
    long read() throws Exception;

    /** Builds one caller's counter on a client. */
    @FunctionalInterface
    interface Factory {
        BlockingCounter create(OfficialClient client);
    }
}

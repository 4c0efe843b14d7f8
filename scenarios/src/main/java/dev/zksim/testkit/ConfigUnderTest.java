package dev.zksim.testkit;

import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.CompletionStage;

/**
 * The contract of a watched configuration (or any cached value) under test. One instance is
 * one client's handle on the configuration: the writer publishes whole configurations, a
 * reader starts watching and reports every configuration it takes in. After its session is
 * lost the workload opens a new session and calls {@link #start} (or {@link #publish}) again on
 * the same instance, which must then follow the new session.
 */
public interface ConfigUnderTest {

    /** Publishes a whole configuration; completes once it is published. */
    CompletionStage<Void> publish(SortedMap<String, String> entries);

    /** Starts (or, after a new session, restarts) watching; configurations are reported through the events. */
    void start();

    /** The configuration this reader uses now, if it has one. */
    Optional<SortedMap<String, String>> current();

    /** What a reader tells its caller unasked. */
    @FunctionalInterface
    interface Events {
        /** The reader now uses this configuration. */
        void changed(SortedMap<String, String> entries);
    }

    /** Builds one client's handle on the configuration. */
    @FunctionalInterface
    interface Factory {
        ConfigUnderTest create(TestClient client, Events events);
    }
}

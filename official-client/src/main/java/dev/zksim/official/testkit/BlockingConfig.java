package dev.zksim.official.testkit;

import java.io.Closeable;
import java.util.Optional;
import java.util.SortedMap;

/**
 * One client's handle on a watched configuration written as blocking code (with Curator, or
 * against the official client), for {@link CuratorTestkit#configuration}: the writer's
 * {@link #publish}, or a reader that follows the configuration with a cache or watches of its
 * own and tells the testkit's {@link dev.zksim.testkit.ConfigUnderTest.Events} of every
 * configuration it takes in.
 */
public interface BlockingConfig extends Closeable {

    /** Writes a whole configuration, on a simulated thread; it may block. */
    void publish(SortedMap<String, String> entries) throws Exception;

    /**
     * Starts following the configuration, on a simulated thread; it may block. Called once:
     * the reader follows a new session by itself. A start that throws is tried again, with a
     * new handle, a second later.
     */
    void start() throws Exception;

    /** The configuration the reader uses now, or empty if it has none yet. */
    Optional<SortedMap<String, String>> current();

    /** Stops a handle whose start failed. */
    @Override
    void close();
}

package dev.zksim.official.testkit;

import java.io.Closeable;
import java.util.Optional;
import java.util.SortedMap;

/**
 * A reader's cache of one directory written as blocking code (with Curator, or against the
 * official client), for {@link CuratorTestkit#cache}. It tells the testkit's
 * {@link dev.zksim.testkit.CacheUnderTest.Events} what its own listener hears, by child name:
 * {@code put} for a child added or changed, {@code removed} for one gone.
 */
public interface BlockingCache extends Closeable {

    /**
     * Starts the cache; it runs on a simulated thread of the reader's client and may block.
     * A start that throws is tried again, with a new cache, a second later.
     */
    void start() throws Exception;

    /** Everything the cache holds now, each child's name with its data, or empty before it has loaded. */
    Optional<SortedMap<String, String>> snapshot();

    /** Stops a cache whose start failed. */
    @Override
    void close();
}

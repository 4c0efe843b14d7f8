package dev.zksim.testkit;

import java.util.Optional;
import java.util.SortedMap;

/**
 * The contract of a cache of one directory under test: a reader's copy of the children of one
 * node and the data each holds, kept current by watches (Curator's {@code CuratorCache},
 * {@code PathChildrenCache} or {@code TreeCache}, a service-discovery client, the user's own).
 * One instance is one reader's cache. It tells its listener of every change it takes in, and
 * answers with everything it holds when asked; both must end up equal to the directory once
 * the faults heal and the writes stop. A cache whose listener misses a change its storage took
 * in (a child deleted and created again while the reader was away, with the same version
 * number) leaves an application that follows the listener on old data for good.
 *
 * <p>The workload writes the data as UTF-8 text. After the reader's session is lost it opens a
 * new session and calls {@link #start} again on the same instance, which must then follow the
 * new session; its listener goes on from what it already reported (a child that vanished
 * meanwhile is {@linkplain Events#removed removed}, one that changed is {@linkplain Events#put
 * put} again). A cache that follows new sessions on its own ignores the later starts.
 */
public interface CacheUnderTest {

    /** Starts the cache, or after a new session makes it follow that session. Must not block. */
    void start();

    /**
     * Everything the cache holds now, each child's name with its data, or empty before it has
     * loaded the directory at least once.
     */
    Optional<SortedMap<String, String>> snapshot();

    /** What the cache tells its listener. */
    interface Events {

        /** The child was added, or its data changed: it now holds {@code data}. */
        void put(String child, String data);

        /** The child is gone. */
        void removed(String child);
    }

    /** Builds one reader's cache on a client; it reports to {@code events}. */
    @FunctionalInterface
    interface Factory {
        CacheUnderTest create(TestClient client, Events events);
    }
}

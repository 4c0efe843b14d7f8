package dev.zksim.official.testkit;

import dev.zksim.testkit.CacheUnderTest;
import java.util.Optional;
import java.util.SortedMap;

/**
 * One reader's {@link BlockingCache} as the testkit's directory cache. The cache is built and
 * started, on a simulated thread of the reader's client and over the client's own
 * CuratorFramework, at the first {@link #start}; a start that fails is tried again with a new
 * cache a second later, as an application retries its start-up (Curator's caches cannot be
 * started twice). One cache serves the reader for the whole run, since Curator follows a new
 * session itself: later starts find it running.
 */
final class CuratorDirectoryCache implements CacheUnderTest {
    private final SimulatedClient client;
    private final CallChain calls;
    private final CuratorTestkit.LazyCurator curator;
    private final CuratorTestkit.CacheFactory factory;
    private final Events events;
    private volatile BlockingCache cache;

    CuratorDirectoryCache(SimulatedClient client, CuratorTestkit.CacheFactory factory, Events events) {
        this.client = client;
        this.calls = new CallChain(client);
        this.curator = new CuratorTestkit.LazyCurator(client);
        this.factory = factory;
        this.events = events;
    }

    @Override
    public void start() {
        calls.then("start", () -> {
            if (cache == null) {
                cache = CuratorTestkit.startUntilItSucceeds(client, this::started);
            }
            return null;
        });
    }

    /** A new cache, started; a failed start leaves none behind. */
    private BlockingCache started() throws Exception {
        return CuratorTestkit.startedOrClosed(() -> factory.create(curator.get(), events), BlockingCache::start,
                BlockingCache::close);
    }

    @Override
    public Optional<SortedMap<String, String>> snapshot() {
        BlockingCache current = cache;
        return current == null ? Optional.empty() : current.snapshot();
    }
}

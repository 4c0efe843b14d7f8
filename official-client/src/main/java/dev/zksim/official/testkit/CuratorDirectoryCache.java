package dev.zksim.official.testkit;

import dev.zksim.testkit.CacheUnderTest;
import java.util.Optional;
import java.util.SortedMap;

/**
 * One reader's {@link BlockingCache} as the testkit's directory cache, built and started at
 * the first {@link #start} as a {@link StartedHandle}.
 */
final class CuratorDirectoryCache implements CacheUnderTest {
    private final StartedHandle<BlockingCache> cache;

    CuratorDirectoryCache(SimulatedClient client, CuratorTestkit.CacheFactory factory, Events events) {
        CuratorTestkit.LazyCurator curator = new CuratorTestkit.LazyCurator(client);
        this.cache = new StartedHandle<>(client, new CallChain(client), () -> factory.create(curator.get(), events),
                BlockingCache::start, BlockingCache::close);
    }

    @Override
    public void start() {
        cache.start();
    }

    @Override
    public Optional<SortedMap<String, String>> snapshot() {
        BlockingCache current = cache.get();
        return current == null ? Optional.empty() : current.snapshot();
    }
}

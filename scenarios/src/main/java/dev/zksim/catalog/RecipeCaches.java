package dev.zksim.catalog;

import dev.zksim.recipes.cache.DirectoryCache;
import dev.zksim.testkit.CacheUnderTest;
import dev.zksim.testkit.TestClient;
import dev.zksim.workload.CacheWriter;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/** zksim's directory cache as {@link CacheUnderTest}, and its canary that judges a change by the version. */
public final class RecipeCaches {
    /** The cache of the writer's directory, judging changes by the modification zxid. */
    public static final CacheUnderTest.Factory BY_ZXID = (client, events) -> adapt(client, events, false);

    /** CANARY: the cache that tells its listener of a change only when the version changed. */
    public static final CacheUnderTest.Factory BY_VERSION_CANARY = (client, events) -> adapt(client, events, true);

    private RecipeCaches() {
    }

    private static CacheUnderTest adapt(TestClient client, CacheUnderTest.Events events, boolean byVersion) {
        DirectoryCache.Listener listener = new DirectoryCache.Listener() {
            @Override
            public void put(String child, byte[] data) {
                events.put(child, text(data));
            }

            @Override
            public void removed(String child) {
                events.removed(child);
            }
        };
        DirectoryCache cache = byVersion
                ? DirectoryCache.changedByVersionCanary(client.zk(), client.connection(), CacheWriter.DIRECTORY, listener)
                : new DirectoryCache(client.zk(), client.connection(), CacheWriter.DIRECTORY, listener);
        return new CacheUnderTest() {
            @Override
            public void start() {
                cache.start();
            }

            @Override
            public Optional<SortedMap<String, String>> snapshot() {
                return cache.snapshot().map(RecipeCaches::texts);
            }
        };
    }

    private static SortedMap<String, String> texts(SortedMap<String, byte[]> entries) {
        SortedMap<String, String> texts = new TreeMap<>();
        entries.forEach((child, data) -> texts.put(child, text(data)));
        return texts;
    }

    private static String text(byte[] data) {
        return new String(data, StandardCharsets.UTF_8);
    }
}

package com.example.curator;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.NodeCache;
import org.apache.zookeeper.KeeperException;

/**
 * A team's application configuration in one znode: written with {@code setData} (or a create
 * the first time), read through Curator's {@code NodeCache}, which Curator 5 deprecates and
 * much code still uses. Entries are {@code key=value} lines.
 */
@SuppressWarnings("deprecation")
public final class NodeCacheConfig implements Closeable {
    private final CuratorFramework curator;
    private final String path;
    private final NodeCache cache;

    /** The configuration at {@code path}; nothing is read or written yet. */
    public NodeCacheConfig(CuratorFramework curator, String path) {
        this.curator = curator;
        this.path = path;
        this.cache = new NodeCache(curator, path);
    }

    /** Writes the whole configuration: over the node, or as a new node if there is none yet. */
    public void publish(SortedMap<String, String> entries) throws Exception {
        byte[] bytes = encode(entries);
        while (true) {
            try {
                curator.setData().forPath(path, bytes);
                return;
            } catch (KeeperException.NoNodeException absent) {
                try {
                    curator.create().creatingParentsIfNeeded().forPath(path, bytes);
                    return;
                } catch (KeeperException.NodeExistsException raced) {
                    // Created meanwhile (by a create of ours whose reply was lost, say): write over it.
                }
            }
        }
    }

    /** Starts the cache, loaded before it returns, and tells {@code changed} of every configuration it holds from then on. */
    public void start(Consumer<SortedMap<String, String>> changed) throws Exception {
        cache.getListenable().addListener(() -> current().ifPresent(changed));
        cache.start(true);
        current().ifPresent(changed);
    }

    /** The configuration the cache holds, or empty if the node does not exist (nothing published yet). */
    public Optional<SortedMap<String, String>> current() {
        ChildData data = cache.getCurrentData();
        return data == null || data.getData() == null ? Optional.empty() : Optional.of(decode(data.getData()));
    }

    @Override
    public void close() throws IOException {
        cache.close();
    }

    private static byte[] encode(SortedMap<String, String> entries) {
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, String> entry : entries.entrySet()) {
            text.append(entry.getKey()).append('=').append(entry.getValue()).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static SortedMap<String, String> decode(byte[] bytes) {
        SortedMap<String, String> entries = new TreeMap<>();
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
            int equals = line.indexOf('=');
            if (equals > 0) {
                entries.put(line.substring(0, equals), line.substring(equals + 1));
            }
        }
        return entries;
    }
}

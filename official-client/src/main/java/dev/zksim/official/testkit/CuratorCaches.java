package dev.zksim.official.testkit;

import dev.zksim.testkit.CacheUnderTest;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.curator.framework.recipes.cache.PathChildrenCache;
import org.apache.curator.framework.recipes.cache.TreeCache;
import org.apache.curator.utils.ZKPaths;

/**
 * Curator's own caches of a directory ({@code CuratorCache}, {@code PathChildrenCache},
 * {@code TreeCache}) as {@link BlockingCache}s. Each listener is registered before the cache
 * starts, so it hears of everything the cache takes in; what it says of the directory's
 * direct children is passed on, the directory node itself and anything deeper are not. The
 * snapshot is what the cache holds ({@code stream()}, {@code getCurrentData()},
 * {@code getCurrentChildren}), and stays empty until the cache has told its listener it is
 * initialized (its first load of the directory is complete): before that, it holds a part of it.
 */
final class CuratorCaches {

    /** A started Curator cache: how to start it, what it holds, and how to close it. */
    private record Handle(Start start, Supplier<Collection<ChildData>> nodes, AutoCloseable cache) {
    }

    /** A cache's start, which may fail. */
    @FunctionalInterface
    private interface Start {
        void run() throws Exception;
    }

    private CuratorCaches() {
    }

    /** Curator's {@code CuratorCache}, listened to with {@code CuratorCacheListener.builder()}. */
    static BlockingCache curatorCache(CuratorFramework curator, String path, CacheUnderTest.Events events) {
        Directory directory = new Directory(path, events);
        CuratorCache cache = CuratorCache.build(curator, path);
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forCreates(directory::put)
                .forChanges((before, after) -> directory.put(after))
                .forDeletes(directory::removed)
                .forInitialized(directory::initialized)
                .build());
        return directory.over(new Handle(cache::start, () -> cache.stream().toList(), cache));
    }

    /**
     * Curator's deprecated {@code PathChildrenCache}, keeping data, started so that it posts
     * INITIALIZED once its first load is complete (it posts CHILD_ADDED for what it loads too).
     */
    @SuppressWarnings("deprecation")
    static BlockingCache pathChildrenCache(CuratorFramework curator, String path, CacheUnderTest.Events events) {
        Directory directory = new Directory(path, events);
        PathChildrenCache cache = new PathChildrenCache(curator, path, true);
        cache.getListenable().addListener((framework, event) -> {
            switch (event.getType()) {
                case CHILD_ADDED, CHILD_UPDATED -> directory.put(event.getData());
                case CHILD_REMOVED -> directory.removed(event.getData());
                case INITIALIZED -> directory.initialized();
                default -> {
                    // Connection states: the cache reloads on its own after a reconnect.
                }
            }
        });
        return directory.over(new Handle(() -> cache.start(PathChildrenCache.StartMode.POST_INITIALIZED_EVENT),
                cache::getCurrentData, cache));
    }

    /**
     * Curator's deprecated {@code TreeCache} of the directory and its children
     * ({@code setMaxDepth(1)}), keeping data. It posts INITIALIZED again after a lost session's
     * reload; the snapshot counts the first.
     */
    @SuppressWarnings("deprecation")
    static BlockingCache treeCache(CuratorFramework curator, String path, CacheUnderTest.Events events) {
        Directory directory = new Directory(path, events);
        TreeCache cache = TreeCache.newBuilder(curator, path).setMaxDepth(1).build();
        cache.getListenable().addListener((framework, event) -> {
            switch (event.getType()) {
                case NODE_ADDED, NODE_UPDATED -> directory.put(event.getData());
                case NODE_REMOVED -> directory.removed(event.getData());
                case INITIALIZED -> directory.initialized();
                default -> {
                    // Connection states: the cache reloads on its own after a reconnect.
                }
            }
        });
        return directory.over(new Handle(cache::start, () -> children(cache.getCurrentChildren(path)), cache));
    }

    /** The nodes of TreeCache's children map; none while the directory does not exist. */
    private static Collection<ChildData> children(Map<String, ChildData> children) {
        return children == null ? List.of() : children.values();
    }

    /** Passes on what a cache's listener says of the directory's direct children, and whether it has loaded. */
    private static final class Directory {
        private final String path;
        private final CacheUnderTest.Events events;
        private volatile boolean initialized;

        Directory(String path, CacheUnderTest.Events events) {
            this.path = path;
            this.events = events;
        }

        void put(ChildData node) {
            child(node).ifPresent(name -> events.put(name, text(node)));
        }

        void removed(ChildData node) {
            child(node).ifPresent(events::removed);
        }

        void initialized() {
            initialized = true;
        }

        /** The cache as a {@link BlockingCache} whose snapshot waits for the first load. */
        BlockingCache over(Handle handle) {
            return new BlockingCache() {
                @Override
                public void start() throws Exception {
                    handle.start().run();
                }

                @Override
                public Optional<SortedMap<String, String>> snapshot() {
                    return initialized ? Optional.of(held(handle.nodes().get())) : Optional.empty();
                }

                @Override
                public void close() {
                    try {
                        handle.cache().close();
                    } catch (Exception e) {
                        // A cache whose start failed has nothing left to release.
                    }
                }
            };
        }

        private SortedMap<String, String> held(Collection<ChildData> nodes) {
            SortedMap<String, String> children = new TreeMap<>();
            for (ChildData node : nodes) {
                child(node).ifPresent(name -> children.put(name, text(node)));
            }
            return children;
        }

        /** The node's name if it is a direct child of the directory. */
        private Optional<String> child(ChildData node) {
            ZKPaths.PathAndNode split = ZKPaths.getPathAndNode(node.getPath());
            return split.getPath().equals(path) && !split.getNode().isEmpty()
                    ? Optional.of(split.getNode()) : Optional.empty();
        }

        /** The node's data as the workload wrote it; a cache that keeps no bytes holds none. */
        private static String text(ChildData node) {
            byte[] data = node.getData();
            return data == null ? "" : new String(data, StandardCharsets.UTF_8);
        }
    }
}

package dev.zksim.official.testkit;

import dev.zksim.testkit.CacheUnderTest;
import java.io.Closeable;
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
 * One reader's Curator cache of a directory ({@code CuratorCache}, {@code PathChildrenCache}
 * or {@code TreeCache}, the {@link Recipe}) as the testkit's directory cache. The cache's
 * listener is registered before the cache starts, so it hears of everything the cache takes
 * in; what it says of the directory's direct children is reported, the directory node itself
 * and anything deeper are not. The snapshot is what the cache holds ({@code stream()},
 * {@code getCurrentData()}, {@code getCurrentChildren}), and stays empty until the cache has
 * told its listener it is initialized (its first load of the directory is complete): before
 * that, it holds a part of the directory.
 *
 * <p>One cache serves the reader for the whole run, since each of Curator's caches follows a
 * new session itself (it reloads on RECONNECTED, or its persistent watch is set again): later
 * starts find it running. A start that fails is tried again with a new cache a second later,
 * as an application retries its start-up; Curator's caches cannot be started twice.
 */
final class CuratorDirectoryCache implements CacheUnderTest {
    private static final long RETRY_MILLIS = 1000;

    /** Builds one of Curator's caches of {@code path}, unstarted, its listener telling {@code sink}. */
    @FunctionalInterface
    interface Recipe {
        Handle build(CuratorFramework curator, String path, Sink sink);
    }

    /** What a Curator cache's listener says, by the node's full path. */
    interface Sink {
        /** The node was added, or its data changed. */
        void put(ChildData node);

        /** The node is gone. */
        void removed(ChildData node);

        /** The cache's first load is complete. */
        void initialized();
    }

    /** A built cache: how to start it, what it holds, and the cache itself, to close. */
    record Handle(Start start, Supplier<Collection<ChildData>> nodes, Closeable cache) {
    }

    /** A cache's start, which may fail. */
    @FunctionalInterface
    interface Start {
        void run() throws Exception;
    }

    private final SimulatedClient client;
    private final CallChain calls;
    private final CuratorTestkit.LazyCurator curator;
    private final String path;
    private final Recipe recipe;
    private final Events events;
    private volatile Handle cache;
    private volatile boolean initialized;

    CuratorDirectoryCache(SimulatedClient client, String path, Recipe recipe, Events events) {
        this.client = client;
        this.calls = new CallChain(client);
        this.curator = new CuratorTestkit.LazyCurator(client);
        this.path = path;
        this.recipe = recipe;
        this.events = events;
    }

    /** The first start builds and starts the cache; later starts find Curator already following the new session. */
    @Override
    public void start() {
        calls.then("start", () -> {
            while (cache == null) {
                try {
                    cache = started();
                } catch (InterruptedException e) {
                    throw e;
                } catch (Exception e) {
                    client.sleep(RETRY_MILLIS);
                }
            }
            return null;
        });
    }

    /** A new cache, started; a failed start leaves none behind. */
    private Handle started() throws Exception {
        Handle fresh = recipe.build(curator.get(), path, new Listener());
        try {
            fresh.start().run();
        } catch (Exception e) {
            fresh.cache().close();
            throw e;
        }
        return fresh;
    }

    @Override
    public Optional<SortedMap<String, String>> snapshot() {
        Handle current = cache;
        if (current == null || !initialized) {
            return Optional.empty();
        }
        SortedMap<String, String> children = new TreeMap<>();
        for (ChildData node : current.nodes().get()) {
            child(node).ifPresent(name -> children.put(name, text(node)));
        }
        return Optional.of(children);
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

    /** Passes on what the cache's listener says of the directory's direct children. */
    private final class Listener implements Sink {
        @Override
        public void put(ChildData node) {
            child(node).ifPresent(name -> events.put(name, text(node)));
        }

        @Override
        public void removed(ChildData node) {
            child(node).ifPresent(events::removed);
        }

        @Override
        public void initialized() {
            CuratorDirectoryCache.this.initialized = true;
        }
    }

    // ---- The recipes ----

    /**
     * Curator's {@code CuratorCache}, listened to with {@code CuratorCacheListener.builder()}.
     * It keeps the directory node too, which {@link #child} leaves out.
     */
    static Handle curatorCache(CuratorFramework curator, String path, Sink sink) {
        CuratorCache cache = CuratorCache.build(curator, path);
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forCreates(sink::put)
                .forChanges((before, after) -> sink.put(after))
                .forDeletes(sink::removed)
                .forInitialized(sink::initialized)
                .build());
        return new Handle(cache::start, () -> cache.stream().toList(), cache);
    }

    /**
     * Curator's deprecated {@code PathChildrenCache}, keeping data, started so that it posts
     * INITIALIZED once its first load is complete (it posts CHILD_ADDED for what it loads too).
     */
    @SuppressWarnings("deprecation")
    static Handle pathChildrenCache(CuratorFramework curator, String path, Sink sink) {
        PathChildrenCache cache = new PathChildrenCache(curator, path, true);
        cache.getListenable().addListener((framework, event) -> {
            switch (event.getType()) {
                case CHILD_ADDED, CHILD_UPDATED -> sink.put(event.getData());
                case CHILD_REMOVED -> sink.removed(event.getData());
                case INITIALIZED -> sink.initialized();
                default -> {
                    // Connection states: the cache reloads on its own after a reconnect.
                }
            }
        });
        return new Handle(() -> cache.start(PathChildrenCache.StartMode.POST_INITIALIZED_EVENT),
                cache::getCurrentData, cache);
    }

    /**
     * Curator's deprecated {@code TreeCache} of the directory and its children
     * ({@code setMaxDepth(1)}), keeping data. It posts INITIALIZED again after a lost session's
     * reload; the snapshot counts the first.
     */
    @SuppressWarnings("deprecation")
    static Handle treeCache(CuratorFramework curator, String path, Sink sink) {
        TreeCache cache = TreeCache.newBuilder(curator, path).setMaxDepth(1).build();
        cache.getListenable().addListener((framework, event) -> {
            switch (event.getType()) {
                case NODE_ADDED, NODE_UPDATED -> sink.put(event.getData());
                case NODE_REMOVED -> sink.removed(event.getData());
                case INITIALIZED -> sink.initialized();
                default -> {
                    // Connection states: the cache reloads on its own after a reconnect.
                }
            }
        });
        return new Handle(cache::start, () -> children(cache.getCurrentChildren(path)), cache);
    }

    /** The nodes of TreeCache's children map; none while the directory does not exist. */
    private static Collection<ChildData> children(Map<String, ChildData> children) {
        return children == null ? List.of() : children.values();
    }
}

package com.example.coordination;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * A user's own watched configuration: the whole configuration is one node, written with one
 * setData (so nobody reads half of it), as {@code key=value} lines. A reader reads it with a
 * watch and reads again whenever the watch fires; ZooKeeper keeps a session's reads in order,
 * and a new session is only established on a server that has applied everything committed
 * before it, so the reader never goes back to an older configuration. While it has no session
 * it keeps using the last configuration it read: that is still the newest it knows.
 *
 * <p>The reader object lives as long as the application; after its session expires, the
 * application calls {@link #start} again on the same object, which follows the new session.
 *
 * <p>{@code defaultsAfterExpiry = true} builds a tempting mistake: on {@code Expired} the
 * reader drops what it read, so as not to "serve a configuration it can no longer watch",
 * and falls back to the application's built-in defaults until it has read again. The
 * application then runs, for a while, on a configuration nobody published.
 */
public final class SimpleConfig {
    private final ZooKeeperClient zk;
    private final String path;
    private final SortedMap<String, String> defaults;
    private final Consumer<SortedMap<String, String>> changed;
    private SortedMap<String, String> current;
    private int generation;

    /**
     * @param defaults null for the correct reader; the broken one falls back to these after {@code Expired}
     * @param changed told of every configuration the reader starts to use
     */
    public SimpleConfig(ZooKeeperClient zk, String path, SortedMap<String, String> defaults,
            Consumer<SortedMap<String, String>> changed) {
        this.zk = zk;
        this.path = path;
        this.defaults = defaults;
        this.changed = changed;
    }

    /** Writes a whole configuration, creating the node the first time. */
    public CompletionStage<Void> publish(SortedMap<String, String> entries) {
        byte[] data = encode(entries);
        return zk.setData(path, data, -1).handle((stat, error) -> {
            if (error == null) {
                return CompletableFuture.<Void>completedFuture(null);
            }
            return switch (ZkNodes.code(error)) {
                // A repeated write of the same configuration is harmless: readers see equal entries.
                case CONNECTIONLOSS -> publish(entries);
                case NONODE -> create(entries, data);
                default -> CompletableFuture.<Void>failedFuture(error);
            };
        }).thenCompose(stage -> stage);
    }

    private CompletionStage<Void> create(SortedMap<String, String> entries, byte[] data) {
        return zk.create(path, data, CreateMode.PERSISTENT).handle((created, error) -> {
            if (error == null) {
                return CompletableFuture.<Void>completedFuture(null);
            }
            return switch (ZkNodes.code(error)) {
                case CONNECTIONLOSS, NODEEXISTS -> publish(entries);
                default -> CompletableFuture.<Void>failedFuture(error);
            };
        }).thenCompose(stage -> stage);
    }

    /** Starts (or, on a new session, restarts) following the configuration. */
    public void start() {
        int mine = ++generation;
        Watcher[] again = new Watcher[1];
        // One watcher object per start: ZooKeeper registers it once however often it is passed.
        again[0] = event -> read(mine, again[0]);
        read(mine, again[0]);
    }

    /** The session expired: the correct reader keeps what it has until start() reads again. */
    public void sessionLost() {
        if (defaults != null) {
            use(defaults);
        }
    }

    /** The configuration in use, if any was read yet. */
    public Optional<SortedMap<String, String>> current() {
        return Optional.ofNullable(current);
    }

    private void read(int mine, Watcher again) {
        if (mine != generation) {
            return;
        }
        zk.getData(path, again).whenComplete((read, error) -> {
            if (mine != generation) {
                return;
            }
            if (error == null) {
                use(decode(read.data()));
            } else if (ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS) {
                read(mine, again);
            } else if (ZkNodes.code(error) == KeeperException.Code.NONODE) {
                awaitCreation(mine, again);
            }
            // Any other error (the session expired): the next start() follows the new session.
        });
    }

    /** Nothing published yet: an exists watch fires on the creation, or it was created meanwhile. */
    private void awaitCreation(int mine, Watcher again) {
        zk.exists(path, again).whenComplete((stat, error) -> {
            if (mine != generation) {
                return;
            }
            boolean lost = error != null && ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS;
            if (lost || (error == null && stat != null)) {
                read(mine, again);
            }
        });
    }

    private void use(SortedMap<String, String> entries) {
        current = entries;
        changed.accept(entries);
    }

    private static byte[] encode(SortedMap<String, String> entries) {
        StringBuilder text = new StringBuilder();
        entries.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static SortedMap<String, String> decode(byte[] data) {
        SortedMap<String, String> entries = new TreeMap<>();
        for (String line : new String(data, StandardCharsets.UTF_8).split("\n")) {
            int equals = line.indexOf('=');
            if (equals > 0) {
                entries.put(line.substring(0, equals), line.substring(equals + 1));
            }
        }
        return entries;
    }
}

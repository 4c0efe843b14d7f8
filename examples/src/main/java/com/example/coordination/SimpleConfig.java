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
 * watch and reads again whenever the watch fires.
 *
 * <p>The reader object lives as long as the application; after its session expires, the
 * application calls {@link #start} again on the same object. A new session may be served by
 * a follower that has not yet applied the last write the old session read: ZooKeeper keeps a
 * session's reads in order, but not reads across sessions. So the reader keeps the mzxid of
 * what it uses and never takes an older one: it does not go back to an older configuration.
 *
 * <p>{@code keepNewest = false} builds the bug that needs a new session to show: the reader
 * takes whatever it reads, which is fine within one session and goes back in time after an
 * expiry when the new session lands on a lagging server.
 */
public final class SimpleConfig {
    private final ZooKeeperClient zk;
    private final String path;
    private final boolean keepNewest;
    private final Consumer<SortedMap<String, String>> changed;
    private SortedMap<String, String> current;
    private long currentMzxid = -1;
    private int generation;

    public SimpleConfig(ZooKeeperClient zk, String path, boolean keepNewest, Consumer<SortedMap<String, String>> changed) {
        this.zk = zk;
        this.path = path;
        this.keepNewest = keepNewest;
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
                take(decode(read.data()), read.stat().mzxid());
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

    private void take(SortedMap<String, String> entries, long mzxid) {
        if (keepNewest && mzxid <= currentMzxid) {
            return;
        }
        currentMzxid = mzxid;
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

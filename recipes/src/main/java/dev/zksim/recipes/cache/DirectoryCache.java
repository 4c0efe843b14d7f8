package dev.zksim.recipes.cache;

import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.Stat;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.recipes.support.Stages;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A cache of the children of one node and their data, kept current with one-shot watches: a
 * child watch on the node (re-listed on every NodeChildrenChanged) and a data watch on each
 * child (re-read on NodeDataChanged, dropped on NodeDeleted). The listener hears every child
 * that appears or whose data changes, and every child that goes.
 *
 * <p>A child counts as changed when its modification zxid grew, never by its version: a child
 * deleted and created again while this client was away is back at version 0 and may have the
 * version the cache holds, but its modification zxid is new (the mistake CURATOR-391 fixed in
 * Curator's PathChildrenCache). Nothing older than what the cache holds replaces it, so a read
 * from a lagging server after a new session cannot take the cache back.
 *
 * <p>A read that failed with a connection loss left no watch behind, so the cache lists the
 * node again once the connection is back; after a new session the caller calls {@link #start}
 * again, which lists the node anew and reports what changed meanwhile. A missing node is
 * waited for with an exists watch. Nothing here blocks.
 */
public final class DirectoryCache {

    /** What the cache tells its user. */
    public interface Listener {
        /** The child appeared, or its data changed: it now holds {@code data}. */
        void put(String child, byte[] data);

        /** The child is gone. */
        void removed(String child);
    }

    /** One cached child. */
    private record Entry(byte[] data, long mzxid, int version) {
    }

    private final ZooKeeperClient zk;
    private final String path;
    private final Listener listener;
    private final boolean changeByVersion;
    private final SortedMap<String, Entry> entries = new TreeMap<>();
    private final Watcher directoryWatcher = this::onDirectoryEvent;
    private final Watcher childWatcher = this::onChildEvent;
    private boolean listing;
    private boolean listAgain;
    private boolean stale;
    private boolean loaded;

    /** A cache of {@code path}'s children; {@code states} tells it when the connection is back. */
    public DirectoryCache(ZooKeeperClient zk, ConnectionStates states, String path, Listener listener) {
        this(zk, states, path, listener, false);
    }

    /**
     * A cache that takes a child's data in but tells its listener only when the child's version
     * changed: broken on purpose, for the canary that proves the cache checker catches it.
     */
    public static DirectoryCache changedByVersionCanary(ZooKeeperClient zk, ConnectionStates states, String path,
            Listener listener) {
        return new DirectoryCache(zk, states, path, listener, true);
    }

    private DirectoryCache(ZooKeeperClient zk, ConnectionStates states, String path, Listener listener,
            boolean changeByVersion) {
        this.zk = zk;
        this.path = path;
        this.listener = listener;
        this.changeByVersion = changeByVersion;
        states.subscribe(state -> {
            if (state == ConnectionState.CONNECTED && stale) {
                list();
            }
        });
    }

    /** Starts the cache, or after a new session lists the node anew and reports what changed. */
    public void start() {
        list();
    }

    /** Every child with its data, once the node was listed; empty before. */
    public Optional<SortedMap<String, byte[]>> snapshot() {
        if (!loaded) {
            return Optional.empty();
        }
        SortedMap<String, byte[]> copy = new TreeMap<>();
        entries.forEach((child, entry) -> copy.put(child, entry.data()));
        return Optional.of(copy);
    }

    private void onDirectoryEvent(WatchedEvent event) {
        if (event.type() != EventType.None) {
            list();
        }
    }

    private void onChildEvent(WatchedEvent event) {
        if (event.type() == EventType.NodeDataChanged) {
            read(childName(event.path()));
        } else if (event.type() == EventType.NodeDeleted) {
            drop(childName(event.path()));
        }
    }

    /** Lists the node with a child watch, drops the children that went and reads every child. */
    private void list() {
        if (listing) {
            listAgain = true;
            return;
        }
        listing = true;
        stale = false;
        zk.getChildren(path, directoryWatcher).whenComplete((children, error) -> {
            if (error == null) {
                loaded = true;
                dropAllBut(children);
                children.stream().sorted().forEach(this::read);
            } else if (Stages.is(error, Code.NONODE)) {
                loaded = true;
                dropAllBut(List.of());
                waitForDirectory();
            } else {
                stale = true;
            }
            listing = false;
            if (listAgain) {
                listAgain = false;
                list();
            }
        });
    }

    private void waitForDirectory() {
        zk.exists(path, directoryWatcher).whenComplete((stat, error) -> {
            if (error != null) {
                stale = true;
            } else if (stat != null) {
                list();
            }
        });
    }

    private void read(String child) {
        zk.getData(path + "/" + child, childWatcher).whenComplete((read, error) -> {
            if (error == null) {
                take(child, read.data(), read.stat());
            } else if (Stages.is(error, Code.NONODE)) {
                drop(child);
            } else {
                stale = true;
            }
        });
    }

    private void take(String child, byte[] data, Stat stat) {
        Entry held = entries.get(child);
        if (held != null && stat.mzxid() <= held.mzxid()) {
            return;
        }
        entries.put(child, new Entry(data, stat.mzxid(), stat.version()));
        if (held == null || !changeByVersion || held.version() != stat.version()) {
            listener.put(child, data);
        }
    }

    private void drop(String child) {
        if (entries.remove(child) != null) {
            listener.removed(child);
        }
    }

    private void dropAllBut(List<String> children) {
        Set<String> present = new LinkedHashSet<>(children);
        for (String child : new ArrayList<>(entries.keySet())) {
            if (!present.contains(child)) {
                drop(child);
            }
        }
    }

    private String childName(String childPath) {
        return childPath.substring(path.length() + 1);
    }
}

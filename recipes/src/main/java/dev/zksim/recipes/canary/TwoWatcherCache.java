package dev.zksim.recipes.canary;

import dev.zksim.api.EventType;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * CANARY, BROKEN ON PURPOSE: a cached node value with two watchers on the node in one
 * client, written as if watchers ran in the order they were registered. The first watcher
 * marks the cache stale and reloads it; the second tells the application "the node
 * changed, here is its value": once the reload is in if the cache is stale, at once if not,
 * trusting that the first watcher already marked it stale, and so hands out the old value
 * as the new one whenever it runs first. ZooKeeper
 * collects a node's watchers in a hash set, so either order happens; only the drawn watcher
 * order exposes this. The fix is one watcher that does both, in order.
 */
public final class TwoWatcherCache {
    private final ZooKeeperClient zk;
    private final String path;
    private final Consumer<byte[]> application;
    private final Watcher invalidate = this::onInvalidate;
    private final Watcher announce = this::onAnnounce;
    private final List<byte[]> announced = new ArrayList<>();
    private byte[] cached;
    private boolean stale = true;
    private boolean announceOnLoad;

    public TwoWatcherCache(ZooKeeperClient zk, String path, Consumer<byte[]> application) {
        this.zk = zk;
        this.path = path;
        this.application = application;
    }

    /** Loads the value and arms both watchers, the invalidating one first. */
    public void start() {
        load();
        zk.exists(path, announce);
    }

    private void load() {
        zk.getData(path, invalidate).thenAccept(read -> {
            cached = read.data();
            stale = false;
            if (announceOnLoad) {
                announceOnLoad = false;
                announce(cached);
            }
        });
    }

    private void onInvalidate(WatchedEvent event) {
        if (event.type() != EventType.None) {
            stale = true;
            load();
        }
    }

    private void onAnnounce(WatchedEvent event) {
        if (event.type() == EventType.NodeDataChanged) {
            if (stale) {
                announceOnLoad = true;
            } else {
                // The bug: the cache is taken to be fresh because the other watcher "has run".
                announce(cached);
            }
        }
        if (event.type() != EventType.None) {
            zk.exists(path, announce);
        }
    }

    private void announce(byte[] value) {
        announced.add(value);
        application.accept(value);
    }

    /** Every value handed to the application as the node's new value. */
    public List<byte[]> announced() {
        return List.copyOf(announced);
    }
}

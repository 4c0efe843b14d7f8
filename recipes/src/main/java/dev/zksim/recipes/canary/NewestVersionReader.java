package dev.zksim.recipes.canary;

import dev.zksim.api.EventType;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;

/**
 * CANARY, BROKEN ON PURPOSE: a reader of a watched configuration node that keeps the value
 * with the highest data version it has seen and ignores any read whose version is not
 * higher, a common guard against a stale read after a reconnect to a lagging server. It
 * takes the version to grow forever; ZooKeeper keeps it in a signed 32-bit int that wraps from
 * 2^31 - 1 to -2^31 and never checks it, so past the wrap the reader ignores every update and
 * serves the old value for good. Two billion writes to one node are rare in tests and real
 * in long-lived clusters; only the ensemble knob that starts a node's data version near
 * 2^31 - 1 exposes it. The fix is to compare zxids (the Stat's mzxid) instead.
 */
public final class NewestVersionReader {
    private final ZooKeeperClient zk;
    private final String path;
    private boolean loaded;
    private int newestVersion;
    private byte[] value;

    public NewestVersionReader(ZooKeeperClient zk, String path) {
        this.zk = zk;
        this.path = path;
    }

    /** Reads the node and keeps a watch on it. */
    public void start() {
        read();
    }

    /** The value the reader currently serves; null before the first read. */
    public byte[] value() {
        return value;
    }

    private void read() {
        zk.getData(path, this::onEvent).thenAccept(read -> {
            int version = read.stat().version();
            // The bug: "higher version" stands for "newer", which the wrap breaks.
            if (!loaded || version > newestVersion) {
                loaded = true;
                newestVersion = version;
                value = read.data();
            }
        });
    }

    private void onEvent(WatchedEvent event) {
        if (event.type() != EventType.None) {
            read();
        }
    }
}

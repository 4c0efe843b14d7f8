package dev.zksim.recipes.revocable;

import dev.zksim.api.EventType;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.api.ZooKeeperClient.DataAndStat;
import dev.zksim.recipes.lock.DistributedLock;
import dev.zksim.recipes.lock.Grant;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.lock.SequentialLock;
import dev.zksim.recipes.rwlock.ReadWriteRules;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.recipes.support.HolderState;
import dev.zksim.recipes.support.Stages;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * The revocable shared lock of the recipes page: the shared (read/write) lock, plus
 *
 * <ol>
 *   <li>right after creating its node, getData(own node, watch);</li>
 *   <li>a revoker asks for the lock with setData(holder's node, "unlock") ({@link Revoker});</li>
 *   <li>on each notification the holder reads its node again (re-arming the watch), and on
 *       "unlock" it releases by deleting its node, reporting RELEASED; {@link #wasRevoked()}
 *       then says why.</li>
 * </ol>
 *
 * This relies on the holder's consent. The forced variant ({@link Revoker#forceRelease})
 * deletes the holder's node after a grace period; the holder then hears its own node's
 * deletion and reports LOST, but a holder cut off from the servers hears nothing until it
 * reconnects, so a resource it guards must check the fencing token. A waiter asked to
 * unlock gives up its place too.
 */
public final class RevocableLock implements DistributedLock {
    /** Whether a holder shares the lock with other readers or holds it alone. */
    public enum Mode {
        READ,
        WRITE
    }

    private final ZooKeeperClient zk;
    private final SequentialLock lock;
    private final Watcher revocationWatcher = this::onRevocationEvent;
    private boolean revoked;

    public RevocableLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid, Mode mode,
            LockListener listener) {
        this.zk = zk;
        LockListener watching = new LockListener() {
            @Override
            public void stateChanged(HolderState state) {
                listener.stateChanged(state);
            }

            @Override
            public void nodeCreated(String path) {
                listener.nodeCreated(path);
                read(path);
            }
        };
        this.lock = mode == Mode.READ
                ? new SequentialLock(zk, connection, dir, guid, ReadWriteRules.READ, ReadWriteRules::read, true, watching)
                : new SequentialLock(zk, connection, dir, guid, ReadWriteRules.WRITE, ReadWriteRules::write, true,
                        watching);
    }

    @Override
    public synchronized CompletionStage<Grant> acquire() {
        revoked = false;
        return lock.acquire();
    }

    @Override
    public CompletionStage<Void> release() {
        return lock.release();
    }

    @Override
    public HolderState state() {
        return lock.state();
    }

    @Override
    public Optional<Grant> grant() {
        return lock.grant();
    }

    @Override
    public long watchNotifications() {
        return lock.watchNotifications();
    }

    /** True if the last acquisition ended because a revoker asked for the lock. */
    public synchronized boolean wasRevoked() {
        return revoked;
    }

    public Optional<String> node() {
        return lock.node();
    }

    private void read(String path) {
        zk.getData(path, revocationWatcher).whenComplete((data, error) -> onRead(path, data, error));
    }

    private synchronized void onRead(String path, DataAndStat data, Throwable error) {
        if (!lock.node().map(path::equals).orElse(false)) {
            return;
        }
        if (error != null) {
            // A lost reply leaves no watch: read again. NoNode means the lock reports LOST itself.
            if (Stages.isRecoverable(error)) {
                read(path);
            }
            return;
        }
        switch (RevocationRules.onData(data.data())) {
            case KEEP -> { }
            case RELEASE -> {
                revoked = true;
                lock.release();
            }
        }
    }

    private synchronized void onRevocationEvent(WatchedEvent event) {
        if (event.type() == EventType.NodeDataChanged) {
            read(event.path());
        }
    }
}

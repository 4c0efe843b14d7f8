package dev.zksim.recipes.lock;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Stat;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.recipes.support.DeleteNode;
import dev.zksim.recipes.support.EnsurePath;
import dev.zksim.recipes.support.HolderState;
import dev.zksim.recipes.support.Stages;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * CONTRAST VARIANT, kept to show the herd effect: the paper's simple lock with a lock file.
 *
 * <ol>
 *   <li>create {@code dir/lock} EPHEMERAL; whatever the outcome, go to step 2;</li>
 *   <li>exists({@code dir/lock}, watch) and decide ({@link LockFileDecision}): missing, go
 *       to step 1; owned by this session, the lock is held; else wait for the event, then go
 *       to step 2.</li>
 * </ol>
 *
 * Release deletes the lock file. It is safe, but every waiter watches the one lock file, so
 * each release wakes all of them and all of them race to create it again; nor is it fair.
 * The owner is recognised by the node's ephemeralOwner, so a lost create reply is harmless,
 * but only one LockFileLock per session may use a directory. The fencing token is the lock
 * file's czxid. Connection states are handled as in {@link SequentialLock}.
 */
public final class LockFileLock implements DistributedLock {
    private final ZooKeeperClient zk;
    private final ConnectionStates connection;
    private final String dir;
    private final String lockFile;
    private final byte[] data;
    private final LockListener listener;
    private final Consumer<ConnectionState> connectionListener = this::onConnection;
    private final Watcher watcher = this::onEvent;

    private HolderState state = HolderState.RELEASED;
    private long acquisition;
    private Grant grant;
    private CompletableFuture<Grant> pending;
    private long notifications;

    public LockFileLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid,
            LockListener listener) {
        this.zk = zk;
        this.connection = connection;
        this.dir = dir;
        this.lockFile = dir + "/lock";
        this.data = guid.getBytes(StandardCharsets.UTF_8);
        this.listener = listener;
    }

    @Override
    public synchronized CompletionStage<Grant> acquire() {
        if (active()) {
            throw new IllegalStateException("already acquiring or holding " + lockFile);
        }
        long current = ++acquisition;
        grant = null;
        pending = new CompletableFuture<>();
        CompletableFuture<Grant> result = pending;
        connection.subscribe(connectionListener);
        setState(HolderState.WAITING);
        tryCreate(current);
        return result;
    }

    @Override
    public synchronized CompletionStage<Void> release() {
        if (!active()) {
            return CompletableFuture.completedFuture(null);
        }
        boolean holding = grant != null;
        end(HolderState.RELEASED, () -> new CancellationException("released before the lock was granted"));
        // Only a holder may delete the lock file: a waiter would delete someone else's.
        return holding ? DeleteNode.delete(zk, lockFile) : CompletableFuture.completedFuture(null);
    }

    @Override
    public synchronized HolderState state() {
        return state;
    }

    @Override
    public synchronized Optional<Grant> grant() {
        return Optional.ofNullable(grant);
    }

    @Override
    public synchronized long watchNotifications() {
        return notifications;
    }

    private boolean active() {
        return state == HolderState.WAITING || state == HolderState.HELD || state == HolderState.SUSPENDED;
    }

    private void tryCreate(long current) {
        zk.create(lockFile, data, CreateMode.EPHEMERAL).whenComplete((path, error) -> created(current, path, error));
    }

    private synchronized void created(long current, String path, Throwable error) {
        if (current != acquisition) {
            if (path != null) {
                // Abandoned while the create was in flight: give the lock file back at once.
                DeleteNode.delete(zk, path);
            }
        } else if (error != null && Stages.is(error, KeeperException.Code.NONODE)) {
            EnsurePath.ensure(zk, dir).whenComplete((ok, failure) -> parentMade(current, failure));
        } else if (error != null && !Stages.isRecoverable(error) && !Stages.is(error, KeeperException.Code.NODEEXISTS)) {
            lose(error);
        } else {
            look(current);
        }
    }

    private synchronized void parentMade(long current, Throwable failure) {
        if (current == acquisition) {
            if (failure == null) {
                tryCreate(current);
            } else {
                lose(failure);
            }
        }
    }

    private void look(long current) {
        zk.exists(lockFile, watcher).whenComplete((stat, error) -> looked(current, stat, error));
    }

    private synchronized void looked(long current, Stat stat, Throwable error) {
        if (current != acquisition || state != HolderState.WAITING) {
            return;
        }
        if (error != null) {
            if (Stages.isRecoverable(error)) {
                look(current);
            } else {
                lose(error);
            }
            return;
        }
        switch (LockFileDecision.decide(stat, zk.sessionId())) {
            case LockFileDecision.TryCreate tryCreate -> tryCreate(current);
            case LockFileDecision.Held held -> {
                grant = new Grant(lockFile, held.fencingToken());
                setState(HolderState.HELD);
                pending.complete(grant);
            }
            case LockFileDecision.Wait wait -> {
                // The watch is armed by the exists above; its event brings us back.
            }
        }
    }

    private synchronized void onEvent(WatchedEvent event) {
        if (event.type() == EventType.None) {
            return;
        }
        if (state == HolderState.WAITING) {
            notifications++;
            look(acquisition);
        } else if (grant != null && event.type() == EventType.NodeDeleted) {
            lose(KeeperException.create(KeeperException.Code.NONODE, lockFile));
        } else if (grant != null) {
            look(acquisition);
        }
    }

    private synchronized void onConnection(ConnectionState next) {
        switch (next) {
            case SUSPENDED -> {
                if (state == HolderState.HELD) {
                    setState(HolderState.SUSPENDED);
                }
            }
            case CONNECTED -> {
                if (state == HolderState.SUSPENDED) {
                    long current = acquisition;
                    zk.exists(lockFile, watcher).whenComplete((stat, error) -> resumed(current, stat, error));
                }
            }
            case LOST -> {
                if (active()) {
                    lose(KeeperException.create(KeeperException.Code.SESSIONEXPIRED, lockFile));
                }
            }
        }
    }

    private synchronized void resumed(long current, Stat stat, Throwable error) {
        if (current != acquisition || state != HolderState.SUSPENDED || error != null) {
            return;
        }
        if (LockFileDecision.decide(stat, zk.sessionId()) instanceof LockFileDecision.Held) {
            setState(HolderState.HELD);
        } else {
            lose(KeeperException.create(KeeperException.Code.NONODE, lockFile));
        }
    }

    private void lose(Throwable cause) {
        end(HolderState.LOST, () -> Stages.unwrap(cause));
    }

    /**
     * Ends this acquisition; {@code failure} is built only if an acquisition is still pending:
     * every release of a granted lock ends it too, and an exception's stack trace costs more
     * than the rest of a release.
     */
    private void end(HolderState finalState, Supplier<Throwable> failure) {
        acquisition++;
        grant = null;
        connection.unsubscribe(connectionListener);
        setState(finalState);
        if (pending != null && !pending.isDone()) {
            pending.completeExceptionally(failure.get());
        }
    }

    private void setState(HolderState next) {
        if (next != state) {
            state = next;
            listener.stateChanged(next);
        }
    }
}

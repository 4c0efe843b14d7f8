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
import dev.zksim.recipes.support.ProtectedCreate;
import dev.zksim.recipes.support.Stages;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The asynchronous mechanism shared by every sequential-node lock (exclusive, read, write,
 * revocable and the contrast variants); the {@link LockRule} decides, this class acts,
 * reads and waits. One acquisition:
 *
 * <ol>
 *   <li>create {@code dir/<guid>-<role>-} EPHEMERAL_SEQUENTIAL through {@link ProtectedCreate},
 *       so a create whose reply was lost is adopted, not repeated (a missing directory is
 *       created first);</li>
 *   <li>exists(own node, watch): arms a watch that reports LOST if the node is ever deleted,
 *       and reads its czxid, the fencing token;</li>
 *   <li>getChildren(dir) without a watch, and decide;</li>
 *   <li>Acquired: HELD. Watch(n): exists(n, watch); a null Stat means n is already gone, so
 *       go back to step 3; otherwise wait for n's event, then go back to step 3 (a variant
 *       built with {@code recheckOnWake == false} skips the re-list: that is the canary's
 *       bug). NotQueued: LOST.</li>
 * </ol>
 *
 * Recoverable errors (ConnectionLoss) repeat the step, which the client queues until it is
 * connected again. Disconnected turns HELD into SUSPENDED: the holder must stop acting as
 * one, because its session may expire on the servers before this client hears of it.
 * SyncConnected re-checks the node and reports HELD again; Expired, or the node's deletion,
 * reports LOST. Release deletes the node.
 *
 * <p>Every entry point is synchronized so the lock is also safe when a real client's event
 * thread and a caller's thread meet; in a simulation the monitor is never contended.
 */
public final class SequentialLock implements DistributedLock {
    private final ZooKeeperClient zk;
    private final ConnectionStates connection;
    private final String dir;
    private final String guid;
    private final String role;
    private final LockRule rule;
    private final boolean recheckOnWake;
    private final NodeCreator creator;
    private final CreateMode nodeMode;
    private final boolean deletesStrays;
    private final NodeDeleter abandonedCleanup;
    private final LockListener listener;
    private final Consumer<ConnectionState> connectionListener = this::onConnection;
    private final Watcher ownWatcher = this::onOwnEvent;
    private final Watcher otherWatcher = this::onOtherEvent;

    private HolderState state = HolderState.RELEASED;
    private int attempts;
    private long acquisition;
    private long round;
    private String node;
    private String watched;
    private long token;
    private Grant grant;
    private CompletableFuture<Grant> pending;
    private long notifications;

    /**
     * @param guid unique among every lock instance that ever uses the directory (a UUID on a
     *     real cluster; in a simulation e.g. the client id and its incarnation); each
     *     acquisition appends its own counter
     * @param role the node name's role part, e.g. "lock", "read", "write"
     * @param recheckOnWake true for every correct lock; false only for the canary
     */
    public SequentialLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid, String role,
            LockRule rule, boolean recheckOnWake, LockListener listener) {
        this(zk, connection, dir, guid, role, rule, recheckOnWake, ProtectedCreate::create,
                CreateMode.EPHEMERAL_SEQUENTIAL, true, DeleteNode::delete, listener);
    }

    /**
     * @param creator {@link ProtectedCreate#create} for every correct lock; another creator
     *     only for a canary of the request faults, and such a lock leaves its strays in place
     *     (deleting them would hide the canary's orphans)
     */
    public SequentialLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid, String role,
            LockRule rule, boolean recheckOnWake, NodeCreator creator, LockListener listener) {
        this(zk, connection, dir, guid, role, rule, recheckOnWake, creator, CreateMode.EPHEMERAL_SEQUENTIAL, false,
                DeleteNode::delete, listener);
    }

    /**
     * @param abandonedCleanup {@link DeleteNode#delete} for every correct lock; another deleter
     *     only for a canary of the per-request faults, which deletes the node of an acquisition
     *     given up before its grant in its own way. Such a lock leaves its strays in place too.
     */
    public SequentialLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid, String role,
            LockRule rule, NodeDeleter abandonedCleanup, LockListener listener) {
        this(zk, connection, dir, guid, role, rule, true, ProtectedCreate::create, CreateMode.EPHEMERAL_SEQUENTIAL, false,
                abandonedCleanup, listener);
    }

    /**
     * As above, with the mode of the node each acquisition creates: EPHEMERAL_SEQUENTIAL for
     * every correct lock; PERSISTENT_SEQUENTIAL only for a canary whose holds outlive a crash.
     */
    public SequentialLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid, String role,
            LockRule rule, boolean recheckOnWake, CreateMode nodeMode, LockListener listener) {
        this(zk, connection, dir, guid, role, rule, recheckOnWake, ProtectedCreate::create, nodeMode, true,
                DeleteNode::delete, listener);
    }

    private SequentialLock(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid, String role,
            LockRule rule, boolean recheckOnWake, NodeCreator creator, CreateMode nodeMode, boolean deletesStrays,
            NodeDeleter abandonedCleanup, LockListener listener) {
        this.deletesStrays = deletesStrays;
        this.abandonedCleanup = abandonedCleanup;
        this.creator = creator;
        this.nodeMode = nodeMode;
        this.zk = zk;
        this.connection = connection;
        this.dir = dir;
        this.guid = guid;
        this.role = role;
        this.rule = rule;
        this.recheckOnWake = recheckOnWake;
        this.listener = listener;
    }

    @Override
    public synchronized CompletionStage<Grant> acquire() {
        if (active()) {
            throw new IllegalStateException("already acquiring or holding " + dir);
        }
        attempts++;
        long current = ++acquisition;
        round++;
        node = null;
        watched = null;
        grant = null;
        pending = new CompletableFuture<>();
        CompletableFuture<Grant> result = pending;
        connection.subscribe(connectionListener);
        setState(HolderState.WAITING);
        if (connection.current() == ConnectionState.LOST) {
            lose(KeeperException.create(KeeperException.Code.SESSIONEXPIRED, dir));
        } else {
            create(current);
        }
        return result;
    }

    @Override
    public synchronized CompletionStage<Void> release() {
        if (!active()) {
            return CompletableFuture.completedFuture(null);
        }
        String mine = node;
        boolean granted = state != HolderState.WAITING;
        end(HolderState.RELEASED, () -> new CancellationException("released before the lock was granted"));
        // With no node yet, the create's completion sees the abandoned acquisition and deletes it.
        if (mine == null) {
            return CompletableFuture.completedFuture(null);
        }
        return granted ? DeleteNode.delete(zk, mine) : abandonedCleanup.delete(zk, mine);
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

    /** The full path of this acquisition's node, once created. */
    public synchronized Optional<String> node() {
        return Optional.ofNullable(node);
    }

    private boolean active() {
        return state == HolderState.WAITING || state == HolderState.HELD || state == HolderState.SUSPENDED;
    }

    // ---- step 1 and 2: create the node, arm the own-node watch, read the token ----

    private void create(long current) {
        String name = guid + "_" + attempts;
        creator.create(zk, dir, name, role, name.getBytes(StandardCharsets.UTF_8), nodeMode)
                .whenComplete((path, error) -> created(current, path, error));
    }

    private synchronized void created(long current, String path, Throwable error) {
        if (current != acquisition) {
            if (path != null) {
                abandonedCleanup.delete(zk, path);
            }
        } else if (error == null) {
            node = path;
            listener.nodeCreated(path);
            readOwnNode(current);
        } else if (ProtectedCreate.isParentMissing(error)) {
            EnsurePath.ensure(zk, dir).whenComplete((ok, failure) -> afterParent(current, failure));
        } else if (Stages.isRecoverable(error)) {
            create(current);
        } else {
            lose(error);
        }
    }

    private synchronized void afterParent(long current, Throwable failure) {
        if (current != acquisition) {
            return;
        }
        if (failure == null) {
            create(current);
        } else {
            lose(failure);
        }
    }

    private void readOwnNode(long current) {
        zk.exists(node, ownWatcher).whenComplete((stat, error) -> ownNodeRead(current, stat, error));
    }

    private synchronized void ownNodeRead(long current, Stat stat, Throwable error) {
        if (current != acquisition || state != HolderState.WAITING) {
            return;
        }
        if (error != null) {
            retryOrLose(error, () -> readOwnNode(current));
        } else if (stat == null) {
            lose(KeeperException.create(KeeperException.Code.NONODE, node));
        } else {
            token = stat.czxid();
            check();
        }
    }

    // ---- step 3 and 4: list, decide, wait ----

    private void check() {
        long current = ++round;
        zk.getChildren(dir, false).whenComplete((children, error) -> listed(current, children, error));
    }

    private synchronized void listed(long current, List<String> children, Throwable error) {
        if (current != round || state != HolderState.WAITING) {
            return;
        }
        if (error != null) {
            retryOrLose(error, this::check);
            return;
        }
        String me = node.substring(dir.length() + 1);
        switch (rule.decide(withoutStrays(children, me), me)) {
            case LockDecision.Acquired acquired -> hold();
            case LockDecision.Watch watch -> watch(current, dir + "/" + watch.node());
            case LockDecision.WatchChildren watchAll -> watchChildren(current);
            case LockDecision.NotQueued notQueued -> lose(KeeperException.create(KeeperException.Code.NONODE, node));
        }
    }

    /**
     * The listing without this lock's own strays, which it deletes. A create that timed out
     * can still be applied later (its bytes sat in a paused server's socket), after the
     * protected create found nothing and created again: the late node carries this lock's
     * guid and belongs to its live session, so nobody else will ever delete it, and as a
     * predecessor it would block this lock, as a successor everyone else, for as long as the
     * session lives.
     */
    private List<String> withoutStrays(List<String> children, String me) {
        if (!deletesStrays) {
            return children;
        }
        List<String> kept = new ArrayList<>(children.size());
        for (String child : children) {
            if (!child.equals(me) && isOwnNode(child)) {
                DeleteNode.delete(zk, dir + "/" + child);
            } else {
                kept.add(child);
            }
        }
        return kept;
    }

    /** True for a node this lock created: {@code <guid>_<attempt>-...}, of any attempt. */
    private boolean isOwnNode(String child) {
        // Checked piecewise rather than against guid + "_": this runs for every child of every
        // listing, and the concatenation was a string per child.
        if (!child.startsWith(guid) || child.length() <= guid.length() || child.charAt(guid.length()) != '_') {
            return false;
        }
        int digits = guid.length() + 1;
        int end = digits;
        while (end < child.length() && Character.isDigit(child.charAt(end))) {
            end++;
        }
        return end > digits && end < child.length() && child.charAt(end) == '-';
    }

    private void watch(long current, String other) {
        watched = other;
        zk.exists(other, otherWatcher).whenComplete((stat, error) -> watchSet(current, stat, error));
    }

    private synchronized void watchSet(long current, Stat stat, Throwable error) {
        if (current != round || state != HolderState.WAITING) {
            return;
        }
        if (error != null) {
            retryOrLose(error, this::check);
        } else if (stat == null) {
            // The node went away between the listing and the exists: list again at once.
            watched = null;
            check();
        }
    }

    /** Lists again with a watch on the directory; that listing decides too, or the watch wakes us. */
    private void watchChildren(long current) {
        watched = dir;
        zk.getChildren(dir, otherWatcher).whenComplete((children, error) -> childrenWatched(current, children, error));
    }

    private synchronized void childrenWatched(long current, List<String> children, Throwable error) {
        if (current != round || state != HolderState.WAITING) {
            return;
        }
        if (error != null) {
            retryOrLose(error, this::check);
            return;
        }
        // The directory may have changed since the unwatched listing; only this one is current.
        String me = node.substring(dir.length() + 1);
        switch (rule.decide(withoutStrays(children, me), me)) {
            case LockDecision.Acquired acquired -> {
                watched = null;
                hold();
            }
            case LockDecision.NotQueued notQueued -> lose(KeeperException.create(KeeperException.Code.NONODE, node));
            case LockDecision.Watch watch -> watch(current, dir + "/" + watch.node());
            case LockDecision.WatchChildren again -> {
                // The watch is armed: wait for the next change of the children.
            }
        }
    }

    private synchronized void onOtherEvent(WatchedEvent event) {
        if (event.type() == EventType.None) {
            return;
        }
        notifications++;
        if (state != HolderState.WAITING || !event.path().equals(watched)) {
            return;
        }
        watched = null;
        if (recheckOnWake) {
            check();
        } else {
            // The canary's bug: a deleted predecessor is taken to mean "I am lowest now".
            round++;
            hold();
        }
    }

    private void hold() {
        grant = new Grant(node, token);
        setState(HolderState.HELD);
        pending.complete(grant);
    }

    // ---- the own node and the connection ----

    private synchronized void onOwnEvent(WatchedEvent event) {
        if (event.type() == EventType.None || !active() || !event.path().equals(node)) {
            return;
        }
        if (event.type() == EventType.NodeDeleted) {
            lose(KeeperException.create(KeeperException.Code.NONODE, node));
        } else {
            // A data change (a revocation request) consumed the one-shot watch: arm it again.
            long current = acquisition;
            zk.exists(node, ownWatcher).whenComplete((stat, error) -> rearmed(current, stat, error));
        }
    }

    private synchronized void rearmed(long current, Stat stat, Throwable error) {
        if (current == acquisition && error == null && stat == null) {
            lose(KeeperException.create(KeeperException.Code.NONODE, node));
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
                    resume();
                }
            }
            case LOST -> {
                if (active()) {
                    lose(KeeperException.create(KeeperException.Code.SESSIONEXPIRED, node));
                }
            }
        }
    }

    /** Back from SUSPENDED: the session survived, but the node may have been deleted meanwhile. */
    private void resume() {
        long current = ++round;
        zk.exists(node, ownWatcher).whenComplete((stat, error) -> resumed(current, stat, error));
    }

    private synchronized void resumed(long current, Stat stat, Throwable error) {
        if (current != round || state != HolderState.SUSPENDED) {
            return;
        }
        if (error != null) {
            // A recoverable failure means the connection dropped again; the next CONNECTED retries.
            if (!Stages.isRecoverable(error)) {
                lose(error);
            }
        } else if (stat == null) {
            lose(KeeperException.create(KeeperException.Code.NONODE, node));
        } else {
            setState(HolderState.HELD);
        }
    }

    private void retryOrLose(Throwable error, Runnable retry) {
        if (Stages.isRecoverable(error)) {
            retry.run();
        } else {
            lose(error);
        }
    }

    /** LOST: stop, fail a pending acquisition, and remove the node if the session still has it. */
    private void lose(Throwable cause) {
        String mine = node;
        end(HolderState.LOST, () -> Stages.unwrap(cause));
        if (mine != null) {
            DeleteNode.delete(zk, mine);
        }
    }

    /**
     * Ends this acquisition; {@code failure} is built only if an acquisition is still pending:
     * every release of a granted lock ends it too, and an exception's stack trace costs more
     * than the rest of a release.
     */
    private void end(HolderState finalState, Supplier<Throwable> failure) {
        acquisition++;
        round++;
        watched = null;
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

package dev.zksim.recipes.election;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Op;
import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.api.ZooKeeperClient.DataAndStat;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.recipes.support.DeleteNode;
import dev.zksim.recipes.support.EnsurePath;
import dev.zksim.recipes.support.ProtectedCreate;
import dev.zksim.recipes.support.Stages;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The leader election of the recipes page, without the herd effect:
 *
 * <ol>
 *   <li>create {@code ELECTION/<guid>-n_} EPHEMERAL_SEQUENTIAL, guid-protected against a lost
 *       reply; exists(own node, watch) so its deletion is heard;</li>
 *   <li>getChildren(ELECTION) without a watch; the smallest sequence number leads;</li>
 *   <li>a follower calls exists(next-lower node, watch) (never the leader's node); a null
 *       Stat sends it back to step 2, and so does the node's deletion event;</li>
 *   <li>"having no predecessor" is not yet "knowing you lead": the new leader acknowledges
 *       its takeover in the ack znode with one multi, {@code check(own node)} plus a
 *       version-checked setData (or a create) of the ack znode naming its node. Only then
 *       does it report LEADING. The check makes a candidate whose node has already expired
 *       fail to acknowledge, and the version makes concurrent takeovers serialise.</li>
 * </ol>
 *
 * Disconnected reports SUSPENDED (leader and followers alike: neither may trust its view);
 * SyncConnected re-runs step 2, and a leader whose ack still names it leads again with the
 * same epoch. Expired, or the own node's deletion, reports LOST. {@link #stop()} deletes the
 * node; the next leader overwrites the ack. The ack znode's version after the takeover is
 * the leader's epoch.
 */
public final class LeaderElection {
    private final ZooKeeperClient zk;
    private final ConnectionStates connection;
    private final String dir;
    private final String ackPath;
    private final String guid;
    private final ElectionListener listener;
    private final Consumer<ConnectionState> connectionListener = this::onConnection;
    private final Watcher ownWatcher = this::onOwnEvent;
    private final Watcher predecessorWatcher = this::onPredecessorEvent;

    private boolean running;
    private long candidacy;
    private long round;
    private int attempts;
    private String node;
    private String watched;
    private ElectionState state = new ElectionState.Withdrawn();
    private CompletableFuture<ElectionState.Leading> leading;
    private long notifications;

    /** An election whose ack znode is {@code dir/leader} (ignored by the listing: it has no counter). */
    public LeaderElection(ZooKeeperClient zk, ConnectionStates connection, String dir, String guid,
            ElectionListener listener) {
        this(zk, connection, dir, dir + "/leader", guid, listener);
    }

    /** @param guid unique per instance, as for {@link SequentialLock}; each candidacy extends it */
    public LeaderElection(ZooKeeperClient zk, ConnectionStates connection, String dir, String ackPath, String guid,
            ElectionListener listener) {
        this.zk = zk;
        this.connection = connection;
        this.dir = dir;
        this.ackPath = ackPath;
        this.guid = guid;
        this.listener = listener;
    }

    /** Enters the election; the stage completes when this candidate first leads. */
    public synchronized CompletionStage<ElectionState.Leading> start() {
        if (running) {
            throw new IllegalStateException("already a candidate in " + dir);
        }
        running = true;
        attempts++;
        long current = ++candidacy;
        node = null;
        leading = new CompletableFuture<>();
        CompletableFuture<ElectionState.Leading> result = leading;
        connection.subscribe(connectionListener);
        create(current);
        return result;
    }

    /** Withdraws: stops acting at once and deletes the node (a leader thereby steps down). */
    public synchronized CompletionStage<Void> stop() {
        if (!running) {
            return CompletableFuture.completedFuture(null);
        }
        String mine = node;
        end(new ElectionState.Withdrawn(), () -> new CancellationException("withdrew before leading"));
        return mine == null ? CompletableFuture.completedFuture(null) : DeleteNode.delete(zk, mine);
    }

    public synchronized ElectionState state() {
        return state;
    }

    public synchronized boolean isLeading() {
        return state instanceof ElectionState.Leading;
    }

    /** Node-watch notifications received: one per leader change for the next in line only. */
    public synchronized long watchNotifications() {
        return notifications;
    }

    public synchronized Optional<String> node() {
        return Optional.ofNullable(node);
    }

    // ---- candidacy: create the node, arm its watch ----

    private void create(long current) {
        String name = guid + "_" + attempts;
        ProtectedCreate.create(zk, dir, name, "n_", name.getBytes(StandardCharsets.UTF_8),
                CreateMode.EPHEMERAL_SEQUENTIAL).whenComplete((path, error) -> created(current, path, error));
    }

    private synchronized void created(long current, String path, Throwable error) {
        if (current != candidacy) {
            if (path != null) {
                DeleteNode.delete(zk, path);
            }
        } else if (error == null) {
            node = path;
            zk.exists(node, ownWatcher).whenComplete((stat, failure) -> ownNodeRead(current, stat, failure));
        } else if (ProtectedCreate.isParentMissing(error)) {
            EnsurePath.ensure(zk, dir).whenComplete((ok, failure) -> parentMade(current, failure));
        } else if (Stages.isRecoverable(error)) {
            create(current);
        } else {
            lose(current);
        }
    }

    private synchronized void parentMade(long current, Throwable failure) {
        if (current != candidacy) {
            return;
        }
        if (failure == null) {
            create(current);
        } else {
            lose(current);
        }
    }

    private synchronized void ownNodeRead(long current, Stat stat, Throwable error) {
        if (current != candidacy) {
            return;
        }
        if (error != null && Stages.isRecoverable(error)) {
            zk.exists(node, ownWatcher).whenComplete((again, failure) -> ownNodeRead(current, again, failure));
        } else if (error != null || stat == null) {
            lose(current);
        } else {
            check();
        }
    }

    // ---- list, decide, watch or take over ----

    private void check() {
        long current = ++round;
        long mine = candidacy;
        zk.getChildren(dir, false).whenComplete((children, error) -> listed(mine, current, children, error));
    }

    private synchronized void listed(long mine, long current, List<String> children, Throwable error) {
        if (mine != candidacy || current != round) {
            return;
        }
        if (error != null) {
            retryOrLose(error, this::check);
            return;
        }
        switch (ElectionRules.decide(children, node.substring(dir.length() + 1))) {
            case ElectionDecision.Lead lead -> readAck(current);
            case ElectionDecision.Follow follow -> watch(current, follow);
            case ElectionDecision.NotCandidate none -> lose(candidacy);
        }
    }

    private void watch(long current, ElectionDecision.Follow follow) {
        watched = dir + "/" + follow.predecessor();
        zk.exists(watched, predecessorWatcher).whenComplete((stat, error) -> {
            synchronized (this) {
                if (current != round || !running) {
                    return;
                }
                if (error != null) {
                    retryOrLose(error, this::check);
                } else if (stat == null) {
                    watched = null;
                    check();
                } else if (connection.current() == ConnectionState.CONNECTED) {
                    report(new ElectionState.Following(follow.leader()));
                }
            }
        });
    }

    private synchronized void onPredecessorEvent(WatchedEvent event) {
        if (event.type() == EventType.None) {
            return;
        }
        notifications++;
        if (running && event.path().equals(watched)) {
            watched = null;
            check();
        }
    }

    private void readAck(long current) {
        zk.getData(ackPath, false).whenComplete((read, error) -> {
            synchronized (this) {
                if (current != round || !running) {
                    return;
                }
                if (error != null && !Stages.is(error, KeeperException.Code.NONODE)) {
                    retryOrLose(error, this::check);
                } else {
                    takeOver(current, ElectionRules.takeover(Optional.ofNullable(read), myName()));
                }
            }
        });
    }

    private void takeOver(long current, Takeover takeover) {
        byte[] me = myName().getBytes(StandardCharsets.UTF_8);
        switch (takeover) {
            case Takeover.AlreadyAcknowledged already -> lead(already.epoch());
            case Takeover.CreateAck create -> acknowledge(current, Op.create(ackPath, me, CreateMode.PERSISTENT));
            case Takeover.OverwriteAck overwrite ->
                    acknowledge(current, Op.setData(ackPath, me, overwrite.expectedVersion()));
        }
    }

    private void acknowledge(long current, Op write) {
        zk.multi(List.of(Op.check(node, -1), write)).whenComplete((results, error) -> {
            synchronized (this) {
                if (current != round || !running) {
                    return;
                }
                if (error == null) {
                    lead(results.get(1) instanceof OpResult.SetDataResult set ? set.stat().version() : 0);
                } else if (Stages.is(error, KeeperException.Code.NONODE) && firstOpFailed(error)) {
                    lose(candidacy);
                } else if (Stages.isRecoverable(error) || Stages.is(error, KeeperException.Code.BADVERSION)
                        || Stages.is(error, KeeperException.Code.NODEEXISTS) || Stages.is(error, KeeperException.Code.NONODE)) {
                    // The ack changed (or vanished) since it was read, or the reply was lost: look again.
                    check();
                } else {
                    lose(candidacy);
                }
            }
        });
    }

    private static boolean firstOpFailed(Throwable error) {
        return Stages.unwrap(error) instanceof KeeperException keeper && keeper.getResults() != null
                && keeper.getResults().getFirst() instanceof OpResult.ErrorResult first && first.err() != 0;
    }

    /**
     * Reports leadership only after one more round trip confirms the own node still exists:
     * the takeover's reply can arrive after the servers expired the session (and deleted the
     * node), and a candidate must not believe it leads while the next one already does.
     */
    private void lead(long epoch) {
        if (connection.current() != ConnectionState.CONNECTED) {
            return;
        }
        long confirming = round;
        zk.exists(node, false).whenComplete((stat, error) -> {
            synchronized (this) {
                if (confirming != round || !running || connection.current() != ConnectionState.CONNECTED) {
                    return;
                }
                if (error == null && stat != null) {
                    ElectionState.Leading now = new ElectionState.Leading(node, epoch);
                    report(now);
                    leading.complete(now);
                } else if (error == null) {
                    lose(candidacy);
                } else {
                    check();
                }
            }
        });
    }

    private String myName() {
        return node.substring(dir.length() + 1);
    }

    // ---- the own node and the connection ----

    private synchronized void onOwnEvent(WatchedEvent event) {
        if (event.type() == EventType.NodeDeleted && running && event.path().equals(node)) {
            lose(candidacy);
        } else if (event.type() != EventType.None && running && event.path().equals(node)) {
            zk.exists(node, ownWatcher);
        }
    }

    private synchronized void onConnection(ConnectionState next) {
        if (!running) {
            return;
        }
        switch (next) {
            case SUSPENDED -> report(new ElectionState.Suspended());
            case CONNECTED -> {
                if (node != null && state instanceof ElectionState.Suspended) {
                    check();
                }
            }
            case LOST -> lose(candidacy);
        }
    }

    private void retryOrLose(Throwable error, Runnable retry) {
        if (Stages.isRecoverable(error)) {
            retry.run();
        } else {
            lose(candidacy);
        }
    }

    private void lose(long current) {
        if (current != candidacy || !running) {
            return;
        }
        String mine = node;
        end(new ElectionState.Lost(), () -> KeeperException.create(KeeperException.Code.SESSIONEXPIRED, mine));
        if (mine != null) {
            DeleteNode.delete(zk, mine);
        }
    }

    /** Ends this candidacy; {@code failure} is built only if nobody has heard the outcome yet. */
    private void end(ElectionState finalState, Supplier<Throwable> failure) {
        running = false;
        candidacy++;
        round++;
        watched = null;
        connection.unsubscribe(connectionListener);
        // Told even when it equals the last state: a candidacy started after a Lost and lost
        // again before it reported anything (its session expired while its create was queued)
        // is a new loss, and an application that re-enters on Lost must hear it.
        state = finalState;
        listener.stateChanged(finalState);
        if (!leading.isDone()) {
            leading.completeExceptionally(failure.get());
        }
    }

    private void report(ElectionState next) {
        if (!next.equals(state)) {
            state = next;
            listener.stateChanged(next);
        }
    }
}

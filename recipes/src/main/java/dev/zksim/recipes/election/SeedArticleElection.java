package dev.zksim.recipes.election;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.api.ZooKeeperClient.DataAndStat;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.recipes.support.EnsurePath;
import dev.zksim.recipes.support.Stages;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * CONTRAST VARIANT, kept to show the herd effect: the seed article's election ("findLeader").
 *
 * <ol>
 *   <li>getData({@code root/leader}, watch): if it exists, follow the leader it names;</li>
 *   <li>otherwise create {@code root/leader} EPHEMERAL with this candidate's id: success means
 *       leading; NodeExists (someone was faster) or a lost reply means go to step 1;</li>
 *   <li>on the watch's event, go to step 1.</li>
 * </ol>
 *
 * Every follower watches the one {@code /leader} node, so a leader's death wakes all of them
 * and all of them race to create it. The article's code also mistook its own node, created
 * by a request whose reply was lost, for someone else's; this version at least recognises
 * its own session as the owner. The epoch reported while leading is the node's czxid.
 */
public final class SeedArticleElection {
    private final ZooKeeperClient zk;
    private final ConnectionStates connection;
    private final String root;
    private final String leaderPath;
    private final byte[] id;
    private final ElectionListener listener;
    private final Consumer<ConnectionState> connectionListener = this::onConnection;
    private final Watcher watcher = this::onEvent;

    private boolean running;
    private long round;
    private ElectionState state = new ElectionState.Withdrawn();
    private long notifications;

    public SeedArticleElection(ZooKeeperClient zk, ConnectionStates connection, String root, String id,
            ElectionListener listener) {
        this.zk = zk;
        this.connection = connection;
        this.root = root;
        this.leaderPath = root + "/leader";
        this.id = id.getBytes(StandardCharsets.UTF_8);
        this.listener = listener;
    }

    public synchronized void start() {
        if (!running) {
            running = true;
            connection.subscribe(connectionListener);
            findLeader();
        }
    }

    /** Withdraws; a leader deletes {@code /leader}, which wakes every follower. */
    public synchronized void stop() {
        if (running) {
            boolean wasLeading = state instanceof ElectionState.Leading;
            running = false;
            round++;
            connection.unsubscribe(connectionListener);
            report(new ElectionState.Withdrawn());
            if (wasLeading) {
                zk.delete(leaderPath, -1);
            }
        }
    }

    public synchronized ElectionState state() {
        return state;
    }

    public synchronized long watchNotifications() {
        return notifications;
    }

    private void findLeader() {
        long current = ++round;
        zk.getData(leaderPath, watcher).whenComplete((read, error) -> read(current, read, error));
    }

    private synchronized void read(long current, DataAndStat read, Throwable error) {
        if (current != round || !running) {
            return;
        }
        if (error == null) {
            follow(read);
        } else if (Stages.is(error, KeeperException.Code.NONODE)) {
            zk.create(leaderPath, id, CreateMode.EPHEMERAL).whenComplete((path, failure) -> created(current, failure));
        } else if (Stages.isRecoverable(error)) {
            findLeader();
        } else {
            lose();
        }
    }

    private void follow(DataAndStat read) {
        if (read.stat().ephemeralOwner() == zk.sessionId()) {
            report(new ElectionState.Leading(leaderPath, read.stat().czxid()));
        } else {
            String leader = read.data() == null ? "" : new String(read.data(), StandardCharsets.UTF_8);
            report(new ElectionState.Following(leader));
        }
    }

    private synchronized void created(long current, Throwable failure) {
        if (current != round || !running) {
            return;
        }
        if (failure != null && Stages.is(failure, KeeperException.Code.NONODE)) {
            EnsurePath.ensure(zk, root).whenComplete((ok, error) -> retry(current));
        } else if (failure == null || Stages.isRecoverable(failure)
                || Stages.is(failure, KeeperException.Code.NODEEXISTS)) {
            // Read it back (and watch it): that tells whether this candidate's create won.
            findLeader();
        } else {
            lose();
        }
    }

    private synchronized void retry(long current) {
        if (current == round && running) {
            findLeader();
        }
    }

    private synchronized void onEvent(WatchedEvent event) {
        if (event.type() == EventType.None || !running) {
            return;
        }
        notifications++;
        if (event.type() == EventType.NodeDeleted && state instanceof ElectionState.Leading) {
            lose();
        } else {
            findLeader();
        }
    }

    private synchronized void onConnection(ConnectionState next) {
        switch (next) {
            case SUSPENDED -> report(new ElectionState.Suspended());
            case CONNECTED -> findLeader();
            case LOST -> lose();
        }
    }

    private void lose() {
        running = false;
        round++;
        connection.unsubscribe(connectionListener);
        report(new ElectionState.Lost());
    }

    private void report(ElectionState next) {
        if (!next.equals(state)) {
            state = next;
            listener.stateChanged(next);
        }
    }
}

package dev.zksim.recipes.membership;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.Stat;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.recipes.support.HolderState;
import dev.zksim.recipes.support.Stages;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * One member of a group under node {@code g} (paper, section 2.4, group membership):
 * <ol>
 * <li>create the ephemeral {@code g/<name>} with the member's data (its address);</li>
 * <li>report HELD; the node lives exactly as long as the session;</li>
 * <li>on Disconnected report SUSPENDED; on reconnect check the node still exists and report
 * HELD again, or LOST; on expiry, or if the node is deleted, report LOST for good.</li>
 * </ol>
 * A NodeExists on create is adopted only if the node's ephemeral owner is this session (a
 * lost reply); a node of another session with the same name is a conflict. The caller must
 * forward the handle's default watcher events to the {@link ConnectionStates} given here.
 */
public final class GroupMember {
    private final ZooKeeperClient zk;
    private final String path;
    private final byte[] data;
    private final ConnectionStates states;
    private final Consumer<HolderState> listener;
    private final Consumer<ConnectionState> connectionListener = this::onConnection;
    private HolderState state = HolderState.WAITING;

    public GroupMember(ZooKeeperClient zk, String group, String name, byte[] data, ConnectionStates states,
            Consumer<HolderState> listener) {
        this.zk = zk;
        this.path = group + "/" + name;
        this.data = data;
        this.states = states;
        this.listener = listener;
    }

    /** Joins; completes once the member node exists (HELD has been reported). */
    public CompletionStage<Void> join() {
        CompletableFuture<Void> joined = new CompletableFuture<>();
        states.subscribe(connectionListener);
        create(joined);
        return joined;
    }

    /** Leaves the group by deleting the node; the state becomes RELEASED. */
    public CompletionStage<Void> leave() {
        states.unsubscribe(connectionListener);
        report(HolderState.RELEASED);
        return zk.delete(path, -1).handle((ok, error) -> null);
    }

    public HolderState state() {
        return state;
    }

    private void create(CompletableFuture<Void> joined) {
        zk.create(path, data, CreateMode.EPHEMERAL).whenComplete((created, error) -> {
            if (error == null) {
                watchOwnNode();
                report(HolderState.HELD);
                joined.complete(null);
            } else if (Stages.isRecoverable(error) || Stages.is(error, Code.NODEEXISTS)) {
                adoptOrRetry(joined);
            } else {
                joined.completeExceptionally(Stages.unwrap(error));
            }
        });
    }

    private void adoptOrRetry(CompletableFuture<Void> joined) {
        zk.exists(path, false).whenComplete((stat, error) -> {
            if (error != null && Stages.isRecoverable(error)) {
                adoptOrRetry(joined);
            } else if (error != null) {
                joined.completeExceptionally(Stages.unwrap(error));
            } else if (stat == null) {
                create(joined);
            } else if (stat.ephemeralOwner() == zk.sessionId()) {
                watchOwnNode();
                report(HolderState.HELD);
                joined.complete(null);
            } else {
                joined.completeExceptionally(KeeperException.create(Code.NODEEXISTS, path));
            }
        });
    }

    private void watchOwnNode() {
        zk.exists(path, event -> {
            if (event.type() == EventType.NodeDeleted) {
                report(HolderState.LOST);
            } else if (event.type() != EventType.None && state != HolderState.LOST) {
                watchOwnNode();
            }
        });
    }

    private void onConnection(ConnectionState connection) {
        if (state == HolderState.LOST || state == HolderState.RELEASED || state == HolderState.WAITING) {
            return;
        }
        if (connection != ConnectionState.CONNECTED) {
            report(MembershipDecision.member(connection, false));
            return;
        }
        zk.exists(path, false).whenComplete((Stat stat, Throwable error) -> {
            if (error == null) {
                report(MembershipDecision.member(ConnectionState.CONNECTED, stat != null));
            }
        });
    }

    private void report(HolderState next) {
        if (next == state || state == HolderState.LOST || state == HolderState.RELEASED) {
            return;
        }
        state = next;
        listener.accept(next);
    }
}

package com.example.coordination;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * A user's own group membership: a member is an EPHEMERAL node {@code dir/<name>}, and every
 * member keeps its own view of the group by listing the directory with a watch and listing
 * again whenever the watch fires. The member object lives as long as the application: after
 * its session expires, the application calls {@link #join} again on the same object, which
 * creates the node again and restarts the view on the new session.
 *
 * <p>{@code rememberJoined = true} builds a bug that only a new session shows: join() keeps a
 * "joined" flag to make a second join harmless, and the flag outlives the session, so after
 * {@code Expired} the member believes it rejoined while its node and its view's watch are gone.
 */
public final class SimpleGroup {
    private final ZooKeeperClient zk;
    private final String dir;
    private final String name;
    private final boolean rememberJoined;
    private final ChildrenView view;
    private boolean joined;

    public SimpleGroup(ZooKeeperClient zk, String dir, String name, boolean rememberJoined,
            Consumer<List<String>> viewChanged) {
        this.zk = zk;
        this.dir = dir;
        this.name = name;
        this.rememberJoined = rememberJoined;
        this.view = new ChildrenView(zk, dir, viewChanged);
    }

    /** Joins (again) and (re)starts this member's view; completes once the member's node exists. */
    public CompletionStage<Void> join() {
        if (rememberJoined && joined) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        create(done);
        return done.thenRun(() -> {
            joined = true;
            view.restart();
        });
    }

    /** Leaves the group: deletes the member's node. */
    public CompletionStage<Void> leave() {
        joined = false;
        return ZkNodes.delete(zk, dir + "/" + name);
    }

    /** The members this member saw last, if it has listed the group yet. */
    public Optional<List<String>> view() {
        return view.current();
    }

    private void create(CompletableFuture<Void> done) {
        zk.create(dir + "/" + name, new byte[0], CreateMode.EPHEMERAL).whenComplete((created, error) -> {
            KeeperException.Code code = error == null ? KeeperException.Code.OK : ZkNodes.code(error);
            switch (code) {
                case OK -> done.complete(null);
                case NODEEXISTS -> adoptOrReplace(done);
                case CONNECTIONLOSS -> create(done);
                case NONODE -> ZkNodes.ensure(zk, dir).whenComplete((ok, failure) -> create(done));
                default -> done.completeExceptionally(error);
            }
        });
    }

    /**
     * The node exists: this session's own create whose reply was lost, or a node an older
     * session of this member left behind, which is deleted so the member's node is this session's.
     */
    private void adoptOrReplace(CompletableFuture<Void> done) {
        zk.exists(dir + "/" + name, false).whenComplete((stat, error) -> {
            if (error != null && ZkNodes.code(error) == KeeperException.Code.CONNECTIONLOSS) {
                adoptOrReplace(done);
            } else if (error != null) {
                done.completeExceptionally(error);
            } else if (stat != null && stat.ephemeralOwner() == zk.sessionId()) {
                done.complete(null);
            } else if (stat == null) {
                create(done);
            } else {
                ZkNodes.delete(zk, dir + "/" + name).whenComplete((ok, failure) -> create(done));
            }
        });
    }
}

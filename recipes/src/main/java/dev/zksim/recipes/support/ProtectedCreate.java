package dev.zksim.recipes.support;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A sequential create that survives a lost reply (reference 6.1). The caller's unique id
 * goes into the node name ({@code parent/<guid>-<role>-0000000007}); when the create fails
 * with a recoverable error, the children are listed and a node carrying the guid is adopted
 * instead of creating a second one, which would otherwise sit in the queue as an orphan
 * until the session ends. Only if none exists is the create retried.
 *
 * <p>The recovery cannot rule out a second node. Its listing is a read, served by the
 * server the client reconnected to, and the client's last zxid never saw the lost write: if
 * the first create was forwarded by a follower that then crashed, the leader may still be
 * committing it (or may not even have received it yet) when the listing is served. The
 * recovery therefore syncs before listing, which closes the window for a create the leader
 * had already proposed, and after a create that followed a recovery it lists once more and
 * keeps the lowest node with the guid, deleting the others. A duplicate that commits later
 * still is the caller's to handle: a recipe that lists the directory treats every child
 * with its prefix as its own ({@link OwnNodes}), acts on the lowest and deletes the rest,
 * and deletes them all when it gives its place back ({@link DeleteNode#deleteAll}).
 */
public final class ProtectedCreate {
    private static final int MAX_ATTEMPTS = 10;

    private ProtectedCreate() {
    }

    /** The name prefix that marks the caller's nodes: {@code <guid>-<role>-}. */
    public static String prefix(String guid, String role) {
        return guid + "-" + role + "-";
    }

    /** The full path of the created (or adopted) node. */
    public static CompletionStage<String> create(ZooKeeperClient zk, String parent, String guid, String role,
            byte[] data, CreateMode mode) {
        CompletableFuture<String> result = new CompletableFuture<>();
        attempt(zk, parent, prefix(guid, role), data, mode, result, 1);
        return result;
    }

    private static void attempt(ZooKeeperClient zk, String parent, String name, byte[] data, CreateMode mode,
            CompletableFuture<String> result, int attempt) {
        zk.create(parent + "/" + name, data, mode).whenComplete((path, error) -> {
            if (error == null && attempt > 1) {
                // An earlier attempt's reply was lost: it may have committed after all.
                sweep(zk, parent, name, path, result);
            } else if (error == null) {
                result.complete(path);
            } else if (Stages.isRecoverable(error) && attempt < MAX_ATTEMPTS) {
                recover(zk, parent, name, data, mode, result, attempt);
            } else {
                result.completeExceptionally(Stages.unwrap(error));
            }
        });
    }

    /** Looks for the node the lost reply was about; creates anew only if it is not there. */
    private static void recover(ZooKeeperClient zk, String parent, String name, byte[] data, CreateMode mode,
            CompletableFuture<String> result, int attempt) {
        zk.sync(parent).thenCompose(ignored -> zk.getChildren(parent, false)).whenComplete((children, error) -> {
            if (error != null) {
                if (Stages.isRecoverable(error) && attempt < MAX_ATTEMPTS) {
                    recover(zk, parent, name, data, mode, result, attempt + 1);
                } else {
                    result.completeExceptionally(Stages.unwrap(error));
                }
                return;
            }
            Optional<OwnNodes> mine = OwnNodes.find(children, name);
            if (mine.isPresent()) {
                adopt(zk, parent, mine.get(), result);
            } else {
                attempt(zk, parent, name, data, mode, result, attempt + 1);
            }
        });
    }

    /** After a create that followed a recovery: keep the lowest node with the guid, delete the rest. */
    private static void sweep(ZooKeeperClient zk, String parent, String name, String created,
            CompletableFuture<String> result) {
        Retrying.call(() -> zk.getChildren(parent, false)).whenComplete((children, error) -> {
            Optional<OwnNodes> mine = error == null ? OwnNodes.find(children, name) : Optional.empty();
            if (mine.isPresent()) {
                adopt(zk, parent, mine.get(), result);
            } else {
                // The listing failed (the created node is reported; a recipe's listing finds the rest).
                result.complete(created);
            }
        });
    }

    private static void adopt(ZooKeeperClient zk, String parent, OwnNodes mine, CompletableFuture<String> result) {
        DeleteNode.deleteEach(zk, parent, mine.duplicates());
        result.complete(parent + "/" + mine.node());
    }

    /** True if the error means the node to create cannot be made under this parent at all. */
    public static boolean isParentMissing(Throwable error) {
        return Stages.is(error, KeeperException.Code.NONODE);
    }
}

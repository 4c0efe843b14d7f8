package dev.zksim.recipes.support;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A sequential create that survives a lost reply (reference 6.1). The caller's unique id
 * goes into the node name ({@code parent/<guid>-<role>-0000000007}); when the create fails
 * with a recoverable error, the children are listed and a node carrying the guid is adopted
 * instead of creating a second one, which would otherwise sit in the queue as an orphan
 * until the session ends. Only if none exists is the create retried. The listing follows a
 * sync: after a reconnect the client may be served by a follower that has not yet applied
 * the create whose reply was lost (its own last zxid is older than that create), and a
 * listing there misses the node although it exists. The leader answers a sync only after
 * every proposal it had when the sync reached it, the lost create included.
 */
public final class ProtectedCreate {
    private static final int MAX_ATTEMPTS = 10;

    private ProtectedCreate() {
    }

    /** The full path of the created (or adopted) node. */
    public static CompletionStage<String> create(ZooKeeperClient zk, String parent, String guid, String role,
            byte[] data, CreateMode mode) {
        CompletableFuture<String> result = new CompletableFuture<>();
        attempt(zk, parent, guid + "-" + role + "-", data, mode, result, 1);
        return result;
    }

    private static void attempt(ZooKeeperClient zk, String parent, String name, byte[] data, CreateMode mode,
            CompletableFuture<String> result, int attempt) {
        zk.create(parent + "/" + name, data, mode).whenComplete((path, error) -> {
            if (error == null) {
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
        zk.sync(parent).thenCompose(synced -> zk.getChildren(parent, false)).whenComplete((children, error) -> {
            if (error != null) {
                if (Stages.isRecoverable(error) && attempt < MAX_ATTEMPTS) {
                    recover(zk, parent, name, data, mode, result, attempt + 1);
                } else {
                    result.completeExceptionally(Stages.unwrap(error));
                }
                return;
            }
            List<String> mine = children.stream().filter(child -> child.startsWith(name)).sorted().toList();
            if (!mine.isEmpty()) {
                result.complete(parent + "/" + mine.getFirst());
            } else {
                attempt(zk, parent, name, data, mode, result, attempt + 1);
            }
        });
    }

    /** True if the error means the node to create cannot be made under this parent at all. */
    public static boolean isParentMissing(Throwable error) {
        return Stages.is(error, KeeperException.Code.NONODE);
    }
}

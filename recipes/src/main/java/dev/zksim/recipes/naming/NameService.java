package dev.zksim.recipes.naming;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.ProtectedCreate;
import dev.zksim.recipes.support.Stages;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Unique names from sequential znodes (recipes page, naming; paper section 2.4). To allocate:
 * create {@code names/<guid>-name-} PERSISTENT_SEQUENTIAL; the counter ZooKeeper appends is
 * the unique name (and the path a unique key). The guid ({@code clientId} plus a local
 * counter) makes a lost reply safe: the support's protected create lists the children and
 * adopts the node carrying the guid rather than allocating a second name. Unlike a queue
 * item, an allocated node is never deleted by anyone else, so adoption is always possible.
 * The {@code clientId} must be unique per session. Nothing here blocks.
 */
public final class NameService {
    private final ZooKeeperClient zk;
    private final String path;
    private final String clientId;
    private long allocations;

    public NameService(ZooKeeperClient zk, String path, String clientId) {
        this.zk = zk;
        this.path = path;
        this.clientId = clientId;
    }

    /** Allocates one new unique name; the data is stored in its node. */
    public CompletionStage<UniqueName> allocate(byte[] data) {
        String guid = clientId + "." + allocations++;
        CompletableFuture<UniqueName> result = new CompletableFuture<>();
        ensure().thenCompose(ignored -> ProtectedCreate.create(zk, path, guid, "name", data, CreateMode.PERSISTENT_SEQUENTIAL))
                .whenComplete((created, error) -> {
                    if (error != null) {
                        result.completeExceptionally(Stages.unwrap(error));
                    } else {
                        result.complete(UniqueName.parse(created).orElseThrow());
                    }
                });
        return result;
    }

    private CompletionStage<Void> ensure() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        zk.create(path, null, CreateMode.PERSISTENT).whenComplete((created, error) -> {
            if (error == null || Stages.is(error, Code.NODEEXISTS)) {
                done.complete(null);
            } else if (Stages.isRecoverable(error)) {
                ensure().whenComplete((ok, failure) -> finish(done, failure));
            } else {
                done.completeExceptionally(KeeperException.create(Stages.code(error).orElse(Code.SYSTEMERROR), path));
            }
        });
        return done;
    }

    private static void finish(CompletableFuture<Void> done, Throwable failure) {
        if (failure == null) {
            done.complete(null);
        } else {
            done.completeExceptionally(failure);
        }
    }
}

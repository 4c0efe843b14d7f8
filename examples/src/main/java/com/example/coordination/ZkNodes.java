package com.example.coordination;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/** What this team's recipes share: error codes, deletes that retry through connection losses, sequence order. */
final class ZkNodes {

    private ZkNodes() {
    }


    static String sequence(String child) {
        return child.substring(child.length() - 10);
    }

    static KeeperException.Code code(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof KeeperException keeper ? keeper.code() : KeeperException.Code.SYSTEMERROR;
    }

    static CompletionStage<Void> delete(ZooKeeperClient zk, String path) {
        return zk.delete(path, -1).handle((ok, error) -> error != null && code(error) == KeeperException.Code.CONNECTIONLOSS
                ? delete(zk, path) : CompletableFuture.<Void>completedFuture(null)).thenCompose(stage -> stage);
    }

    /** Deletes every child of {@code dir} whose name starts with the prefix. */
    static CompletionStage<Void> deleteAll(ZooKeeperClient zk, String dir, String prefix) {
        return zk.getChildren(dir, false).handle((children, error) -> {
            if (error != null) {
                return code(error) == KeeperException.Code.CONNECTIONLOSS ? deleteAll(zk, dir, prefix)
                        : CompletableFuture.<Void>completedFuture(null);
            }
            CompletionStage<Void> all = CompletableFuture.completedFuture(null);
            for (String child : children) {
                if (child.startsWith(prefix)) {
                    all = all.thenCompose(ignored -> delete(zk, dir + "/" + child));
                }
            }
            return all;
        }).thenCompose(stage -> stage);
    }
}

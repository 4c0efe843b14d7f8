package dev.zksim.recipes.support;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.ZooKeeperClient;
import java.util.concurrent.CompletionStage;

/**
 * Deletes a node (any version), repeating a delete whose reply was lost; NoNode and
 * SessionExpired count as done because either way the node is gone (an expired session's
 * ephemerals are deleted). Locks, elections and revokers give nodes back this way.
 */
public final class DeleteNode {

    private DeleteNode() {
    }

    public static CompletionStage<Void> delete(ZooKeeperClient zk, String path) {
        return Retrying.untilSettled(() -> zk.delete(path, -1), Code.NONODE, Code.SESSIONEXPIRED);
    }
}

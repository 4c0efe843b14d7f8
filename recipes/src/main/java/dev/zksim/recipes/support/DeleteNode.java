package dev.zksim.recipes.support;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.ZooKeeperClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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

    /**
     * Lists the parent and deletes every child carrying the own prefix ({@link OwnNodes}), each
     * as {@link #delete}: a holder giving its place back also removes any duplicate that a
     * lost create reply left behind. A missing parent or an expired session counts as done.
     */
    public static CompletionStage<Void> deleteAll(ZooKeeperClient zk, String parent, String prefix) {
        return Retrying.untilSettled(() -> zk.getChildren(parent, false), Code.NONODE, Code.SESSIONEXPIRED)
                .thenCompose(children -> deleteEach(zk, parent, children == null ? List.of()
                        : OwnNodes.find(children, prefix).map(OwnNodes::all).orElse(List.of())));
    }

    /** Deletes each of the children (names relative to the parent); completes when all are gone. */
    public static CompletionStage<Void> deleteEach(ZooKeeperClient zk, String parent, List<String> children) {
        return CompletableFuture.allOf(children.stream()
                .map(child -> delete(zk, parent + "/" + child).toCompletableFuture())
                .toArray(CompletableFuture[]::new));
    }
}

package dev.zksim.server.tree;

/**
 * What applying {@code transaction} to a tree in one {@link TreeVersion} made, in a form
 * another tree in that version can take over: the state it reached, the resulting nodes
 * (frozen: no tree changes them in place), the result, and the changes the taker's own
 * digest and owner indexes must follow, which are not shared. {@code nodes} is null when
 * sharing them would have cost the first replica more than applying costs the others (see
 * {@link DataTree}): a taker then applies the transaction itself and reaches the same state.
 *
 * @param changedPaths the paths the apply changed, in order
 * @param changedNodes the node each of those paths held before the change, null if none
 */
record SharedApplication(
        Transaction transaction,
        TreeVersion version,
        PathIndex nodes,
        ApplyResult result,
        String[] changedPaths,
        Node[] changedNodes,
        OwnerChange[] ownerChanges) {
}

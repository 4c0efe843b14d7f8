package dev.zksim.server.tree;

/**
 * What applying {@code transaction} to a tree in one {@link TreeVersion} made, in a form
 * another tree in that version can take over: the state it reached, the resulting nodes
 * (frozen: no tree changes them in place), the result, and the changes the taker's own
 * digest and owner indexes must follow, which are not shared. {@code nodes} is null when
 * sharing them would have cost the first replica more than applying costs the others (see
 * {@link DataTree}): a taker then applies the transaction itself and reaches the same state.
 *
 * @param digestChanges each changed path followed by the node it held, null if none
 * @param ownerChanges each owner index change as path, owner (a Long) and whether it was added (a Boolean)
 */
record SharedApplication(
        Transaction transaction,
        TreeVersion version,
        PathIndex nodes,
        long lastProcessedZxid,
        ApplyResult result,
        Object[] digestChanges,
        Object[] ownerChanges) {
}

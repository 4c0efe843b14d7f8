/**
 * The replicated znode tree as a pure state machine. {@link dev.zksim.server.tree.DataTree}
 * applies {@link dev.zksim.server.tree.Transaction}s (the txn log's records) and answers
 * reads; it reports which watches each change triggers as
 * {@link dev.zksim.server.tree.WatchTrigger} values but keeps no watch tables, sessions
 * or clocks of its own. Snapshots, restore and a content digest let servers persist the
 * tree and let checkers compare replicas. Replicas in one state share what the first of
 * them applies ({@link dev.zksim.server.tree.TreeVersion}), so a transaction is applied
 * once, not once per server.
 */
package dev.zksim.server.tree;

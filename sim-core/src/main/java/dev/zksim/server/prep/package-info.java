/**
 * The leader's request preparation step, ZooKeeper's PrepRequestProcessor: it validates a
 * write request against the latest state (the applied tree plus the changes of requests
 * prepared but not yet applied) in ZooKeeper's exact check order and turns it into the
 * {@link dev.zksim.server.tree.Transaction} that is proposed, logged and applied. Failed
 * requests become error transactions, so every write consumes a zxid.
 */
package dev.zksim.server.prep;

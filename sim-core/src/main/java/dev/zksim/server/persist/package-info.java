/**
 * What a standalone server keeps and how: {@link dev.zksim.server.persist.ZkDatabase} (the
 * data tree plus the sessions with their timeouts, ZooKeeper's ZKDatabase), its snapshot
 * value, the on-disk txn log and snapshots with recovery
 * ({@link dev.zksim.server.persist.TxnLogStore}), and the standalone
 * {@link dev.zksim.server.TxnCommitter}: log, fsync, then apply
 * ({@link dev.zksim.server.persist.LocalCommitter}). In quorum mode Zab keeps its own log
 * and snapshots and the server only keeps the database; what Zab snapshots is a
 * {@link dev.zksim.server.persist.ReplicaSnapshot}.
 */
package dev.zksim.server.persist;

/**
 * Zab, the atomic broadcast protocol of the simulated ZooKeeper ensemble: fast leader
 * election ({@link dev.zksim.server.zab.FastElection}), discovery and synchronisation
 * ({@link dev.zksim.server.zab.LeaderRole}, {@link dev.zksim.server.zab.FollowerRole},
 * {@link dev.zksim.server.zab.SyncPlanner}), broadcast, and persistence of the txn log,
 * epochs and snapshots on the simulated disk ({@link dev.zksim.server.zab.ZabStorage}).
 * {@link dev.zksim.server.zab.QuorumPeer} ties them together for one server and talks to the
 * replicated application through {@link dev.zksim.server.zab.ZabApplication}; payloads are
 * opaque to Zab. {@link dev.zksim.server.zab.ZabInvariants} checks the safety properties
 * (prefix agreement, one leader per epoch, committed txns survive, leader completeness, votes
 * rise within a round) across a whole run. {@link dev.zksim.server.zab.KnownBug} names the
 * ZooKeeper bugs a {@link dev.zksim.server.zab.ZabConfig} can re-introduce; none by default.
 */
package dev.zksim.server.zab;

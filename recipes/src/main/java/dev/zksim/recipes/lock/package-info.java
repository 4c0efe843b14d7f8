/**
 * The exclusive lock of the recipes page ({@link dev.zksim.recipes.lock.ExclusiveLock}),
 * the asynchronous mechanism every sequential-node lock shares
 * ({@link dev.zksim.recipes.lock.SequentialLock}) with its pure decision functions
 * ({@link dev.zksim.recipes.lock.LockRules}), a blocking facade for real clusters, and the
 * variants the testbed keeps on purpose: two contrast locks with the herd effect
 * ({@link dev.zksim.recipes.lock.LockFileLock}, {@link dev.zksim.recipes.lock.LowestWatchLock})
 * and a canary that is broken on purpose ({@link dev.zksim.recipes.lock.NoRecheckLock}).
 */
package dev.zksim.recipes.lock;

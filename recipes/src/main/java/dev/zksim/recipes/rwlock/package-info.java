/**
 * The shared (read/write) lock of the recipes page: readers wait only for lower writers,
 * writers for anything lower, ordered by the directory's one counter across both prefixes.
 * The pure rules live in {@link dev.zksim.recipes.rwlock.ReadWriteRules}; the mechanism is
 * the lock package's {@link dev.zksim.recipes.lock.SequentialLock}.
 */
package dev.zksim.recipes.rwlock;

/**
 * A counting semaphore of leases ({@link dev.zksim.recipes.semaphore.LeaseSemaphore}): at most
 * N callers hold a lease at once, and a lease is an ephemeral node, so a crashed or expired
 * holder's lease comes back when its session ends. Its pure decision function is
 * {@link dev.zksim.recipes.semaphore.PermitRules}; the canaries broken on purpose are
 * {@link dev.zksim.recipes.semaphore.LeakySemaphore} and
 * {@link dev.zksim.recipes.semaphore.OverCountingSemaphore}.
 */
package dev.zksim.recipes.semaphore;

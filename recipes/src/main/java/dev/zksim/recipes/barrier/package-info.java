/**
 * The simple barrier of the recipes page: the barrier is up while its znode exists. A
 * coordinator raises and lifts it; waiters check with an exists watch and pass once the node
 * is gone. {@link dev.zksim.recipes.barrier.BarrierDecision} is the pure decision,
 * {@link dev.zksim.recipes.barrier.Barrier} the asynchronous glue and
 * {@link dev.zksim.recipes.barrier.BlockingBarrier} the facade for real clusters.
 */
package dev.zksim.recipes.barrier;

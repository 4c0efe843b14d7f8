/**
 * The double barrier of the recipes page: participants enter together once a threshold of
 * them has arrived, and leave only once all of them are done.
 * {@link dev.zksim.recipes.doublebarrier.DoubleBarrierDecision} holds the pure enter and
 * leave decisions, {@link dev.zksim.recipes.doublebarrier.DoubleBarrier} the asynchronous
 * glue and {@link dev.zksim.recipes.doublebarrier.BlockingDoubleBarrier} the facade for real
 * clusters.
 */
package dev.zksim.recipes.doublebarrier;

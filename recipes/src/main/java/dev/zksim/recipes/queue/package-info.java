/**
 * The distributed FIFO queue of the recipes page, made safe against lost replies: an enqueue
 * or a dequeue whose reply was lost is neither repeated nor dropped. The pure decisions live
 * in {@link dev.zksim.recipes.queue.QueueDecision}, the ordering of items in
 * {@link dev.zksim.recipes.queue.ItemOrder}, the glue in
 * {@link dev.zksim.recipes.queue.DistributedQueue}, the facade in
 * {@link dev.zksim.recipes.queue.BlockingQueue}. The priority queue reuses all of it with
 * another order.
 */
package dev.zksim.recipes.queue;

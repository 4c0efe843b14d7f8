/**
 * The priority queue of the recipes page: the item name encodes its priority and consumers
 * drop their cached list on every child notification. It reuses the FIFO queue's
 * lost-reply-safe producer and consumer with {@link
 * dev.zksim.recipes.priorityqueue.PriorityOrder}.
 */
package dev.zksim.recipes.priorityqueue;

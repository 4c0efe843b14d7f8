/**
 * What every recipe shares: connection states from session events, sequential-name parsing
 * that orders by the counter alone, the guid-protected sequential create that recovers a
 * lost reply, calls repeated until they settle (a retried call, a path made level by level,
 * a node deleted), the holder states reported to listeners, and CompletionStage helpers. All
 * of it uses the public client API only, so it runs on simulated and real ZooKeeper alike.
 * The one exception is {@link dev.zksim.recipes.support.BlockingAwait}, where the blocking
 * facades for real clusters park their caller's thread.
 */
package dev.zksim.recipes.support;

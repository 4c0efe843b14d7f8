/**
 * What every recipe shares: connection states from session events, sequential-name parsing
 * that orders by the counter alone, the guid-protected sequential create that recovers a
 * lost reply, the holder states reported to listeners, and CompletionStage helpers. All of
 * it uses the public client API only, so it runs on simulated and real ZooKeeper alike.
 */
package dev.zksim.recipes.support;

/**
 * A shared counter on one znode: {@link dev.zksim.recipes.counter.VersionedCounter} adds one
 * by a versioned write and never repeats a write whose outcome it does not know, so every
 * increment it reports counted exactly once.
 */
package dev.zksim.recipes.counter;

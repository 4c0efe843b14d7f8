/**
 * A cache of one directory: {@link dev.zksim.recipes.cache.DirectoryCache} keeps the children of
 * a node and their data current with one-shot watches, tells its listener of every change, and
 * judges a change by the child's modification zxid, so that a child deleted and created again
 * while the client was away is never taken for the one it held.
 */
package dev.zksim.recipes.cache;

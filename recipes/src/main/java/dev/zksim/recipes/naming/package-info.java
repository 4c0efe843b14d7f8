/**
 * A naming service handing out unique names from sequential znodes, safe against a lost
 * create reply: {@link dev.zksim.recipes.naming.NameService} allocates,
 * {@link dev.zksim.recipes.naming.UniqueName} is the pure parse of an allocated path,
 * {@link dev.zksim.recipes.naming.BlockingNameService} the facade for real clusters.
 */
package dev.zksim.recipes.naming;

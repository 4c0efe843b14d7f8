/**
 * The revocable shared lock of the recipes page: holders watch their own node's data and
 * release when a revoker writes "unlock" into it ({@link dev.zksim.recipes.revocable.RevocableLock},
 * {@link dev.zksim.recipes.revocable.Revoker}), with a forced variant that deletes the node
 * after a grace period. The pure rules are in {@link dev.zksim.recipes.revocable.RevocationRules}.
 */
package dev.zksim.recipes.revocable;

/**
 * Two-phase commit over ZooKeeper (recipes page): a coordinator creates the transaction node
 * and one vote node per site, sites vote into their own node, the coordinator writes the
 * decision node that every site reads. {@link dev.zksim.recipes.twophase.TwoPhaseDecision}
 * is the pure decision, {@link dev.zksim.recipes.twophase.TwoPhaseCoordinator} and
 * {@link dev.zksim.recipes.twophase.TwoPhaseSite} the glue.
 */
package dev.zksim.recipes.twophase;

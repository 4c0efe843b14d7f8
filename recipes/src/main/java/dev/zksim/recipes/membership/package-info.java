/**
 * Group membership (paper, section 2.4): members are ephemeral children of a group node, the
 * view is the child list read with a watch. {@link dev.zksim.recipes.membership.MembershipDecision}
 * holds the pure decisions, {@link dev.zksim.recipes.membership.GroupMember} and
 * {@link dev.zksim.recipes.membership.GroupView} the glue,
 * {@link dev.zksim.recipes.membership.BlockingGroup} the facade for real clusters.
 */
package dev.zksim.recipes.membership;

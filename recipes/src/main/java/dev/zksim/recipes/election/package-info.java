/**
 * Leader election: the recipes page's herd-free election with an acknowledgement znode
 * ({@link dev.zksim.recipes.election.LeaderElection}), its pure rules
 * ({@link dev.zksim.recipes.election.ElectionRules}), the states it reports, a blocking facade
 * for real clusters, and the seed article's election on one {@code /leader} node kept as a
 * contrast with the herd effect ({@link dev.zksim.recipes.election.SeedArticleElection}).
 */
package dev.zksim.recipes.election;

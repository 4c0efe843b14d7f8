/**
 * A small application written with Apache Curator, as a team would write it: a job scheduler
 * whose leader, elected with a LeaderLatch, hands out jobs, a count of finished jobs
 * ({@link com.example.curator.JobCounter}) and a view of another service's instances through
 * Curator's service discovery ({@link com.example.curator.ServiceRegistryView}). Nothing here
 * knows zksim; the tests run it unchanged in the simulation through the zksim agent.
 */
package com.example.curator;

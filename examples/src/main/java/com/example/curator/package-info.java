/**
 * A small application written with Apache Curator, as a team would write it: a job scheduler
 * whose leader, elected with a LeaderLatch, hands out jobs. Nothing here knows zksim; the tests
 * run it unchanged in the simulation through the zksim agent.
 */
package com.example.curator;

/**
 * Tests of the agent as a user meets it: the code here is outside zksim's packages, so the
 * agent rewrites it like a user's (clock reads, sleeps, threads), and Curator, which it drives,
 * runs as shipped.
 */
package com.example.underagent;

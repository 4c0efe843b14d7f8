/**
 * Real bugs of ZooKeeper coordination code, each rewritten as the small recipe a user would
 * write, next to the fix its project made: Curator's, kazoo's and Kafka's, as their issue
 * threads describe them. Each recipe keeps the flaw behind a switch, so that one class reads
 * as both the buggy and the fixed code; {@code docs/real-bugs.md} says which faults each bug
 * needs and how often zksim finds it.
 */
package com.example.realbugs;

/**
 * Choices: the one source of nondeterminism in a simulation. A seeded implementation over a
 * documented, JDK-independent PRNG (SplitMix64), labelled sub-streams that keep subsystems
 * from shifting each other's draws, a recording wrapper and a replaying source for replay
 * and shrinking, and duration distributions.
 */
package dev.zksim.kernel.choice;

/**
 * Choices: the one source of nondeterminism in a simulation. A seeded implementation over a
 * documented, JDK-independent PRNG (SplitMix64), labelled sub-streams that keep subsystems
 * from shifting each other's draws, a recording wrapper and a replaying source for replay
 * and shrinking, duration distributions, and for the explorer a guided source whose every
 * draw a strategy decides ({@link dev.zksim.kernel.choice.GuidedChoices}) with the
 * small-scope reduction of choice domains ({@link dev.zksim.kernel.choice.SmallScope}).
 */
package dev.zksim.kernel.choice;

/**
 * The property engine (DESIGN section 1): a scenario checked over many seeds, each run twice
 * for the determinism check, one after another or several at once on worker threads
 * (the same counterexample either way), each bounded in wall time; the shrinker that minimises
 * a failure's fault plan and choices together by re-running from scratch (delta debugging over
 * the draws of all streams, then single draws, within a {@link dev.zksim.property.ShrinkBudget});
 * the one-line reproduce format and its choice encoding, and the replay command a report prints
 * for a line ({@link dev.zksim.property.ReplayCommand}: a line too long to pass goes to a file);
 * and the JUnit 5 integration
 * ({@link dev.zksim.property.SimulationProperty}): report entries, regression lines, and the
 * failure store that runs a property's last failing seed first.
 */
package dev.zksim.property;

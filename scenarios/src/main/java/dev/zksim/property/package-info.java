/**
 * The property engine (DESIGN section 1): a scenario checked over many seeds, each run twice
 * for the determinism check, one after another or several at once on worker threads
 * (the same counterexample either way); the shrinker that minimises a failure's fault plan and choices
 * together by re-running from scratch; the one-line reproduce format; and the JUnit 5
 * integration ({@link dev.zksim.property.SimulationProperty}).
 */
package dev.zksim.property;

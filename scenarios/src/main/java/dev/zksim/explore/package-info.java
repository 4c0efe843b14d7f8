/**
 * The explorer (model checking): systematic and guided exploration of a scenario's choice
 * stream. Every strategy is a choice source (DESIGN sections 1 and 8): depth-first search
 * over small-scope choice prefixes with abstract-state hashing, PCT priorities over message
 * delays, uniform random choices, and coverage-guided mutation of choice vectors. Runs are
 * ordinary scenario runs stepped one event at a time, so a violation becomes the same
 * reproduce line as a failing {@code run}, and replays with {@code ./zksim replay}.
 */
package dev.zksim.explore;

/**
 * Scenarios as values (ensemble, workload, fault profile, invariants, bounds), the catalogue
 * of named scenarios, and the runner that executes one seeded (or replayed) run from
 * scratch and returns its outcome with the choices it drew.
 */
package dev.zksim.scenario;

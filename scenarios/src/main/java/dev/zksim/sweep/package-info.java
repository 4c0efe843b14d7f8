/**
 * Sweeps: many seeds of a scenario run in parallel, one simulation per worker thread, with
 * progress, throughput and a results file of failing seeds and their reproduce lines. The
 * only simulation-facing code allowed to start threads and read the wall clock.
 */
package dev.zksim.sweep;

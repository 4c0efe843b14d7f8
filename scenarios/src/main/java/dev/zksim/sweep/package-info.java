/**
 * Sweeps: many seeds of a scenario run in parallel, one simulation per worker thread, with
 * progress and throughput; every seed yields one {@link dev.zksim.sweep.SeedResult} however
 * its run ends (a crash, a runaway cut at its bounds, a skip), findings are written as
 * synced whole lines ({@link dev.zksim.sweep.ResultsLog}, text and JSON lines), and shards'
 * results merge into one report ({@link dev.zksim.sweep.MergedResults}) and JUnit XML. The
 * only simulation-facing code allowed to start threads and read the wall clock.
 */
package dev.zksim.sweep;

/**
 * Benchmarks, run by {@code ./zksim bench}. The JMH suites measure zksim next to a baseline
 * in the same run; {@code vs-real} runs the same workloads on a real in-process ZooKeeper
 * and on zksim, interleaved; {@code scaling} measures CPU per event, memory per client and
 * per znode as the ensemble grows. Results are read as ratios measured side by side rather
 * than as absolute numbers from one machine.
 */
package dev.zksim.bench;

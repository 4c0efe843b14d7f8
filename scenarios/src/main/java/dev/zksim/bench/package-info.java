/**
 * JMH benchmarks, run by {@code ./zksim bench}. Each benchmark measures zksim next to a
 * baseline in the same run, so results are read as ratios rather than absolute numbers
 * from one machine.
 */
package dev.zksim.bench;

/**
 * Workloads: client programs that drive a simulated ensemble. Generic ones (random
 * operations) exercise the ensemble itself; recipe workloads record histories for the
 * invariant checkers.
 */
package dev.zksim.workload;

/**
 * The simulated network: processes connect to each other, messages on a connection arrive
 * in order after a per-link delay drawn from choices, and faults cut, clog or reset
 * connections. Partitions can be symmetric or one-way.
 */
package dev.zksim.kernel.net;

/**
 * The simulated ensemble as one facade: servers and client processes on a simulated network
 * under one simulation, client programs that get a fresh ZooKeeper handle at every start,
 * and every fault the ensemble can suffer, callable at any simulated time.
 */
package dev.zksim.ensemble;

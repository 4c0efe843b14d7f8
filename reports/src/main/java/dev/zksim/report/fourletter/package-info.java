/**
 * ZooKeeper's four-letter words (stat, srvr, mntr, cons, wchs, wchp, wchc, dump) for a
 * simulated server: a snapshot of the server's state copied into values, request counters
 * gathered from the trace, and pure functions that print them in ZooKeeper's format.
 */
package dev.zksim.report.fourletter;

/**
 * The simulated disk of a node: append-only log files and whole-file blobs (snapshots), each
 * with an explicit fsync. A crash loses what was not fsynced, or under a realistic policy
 * keeps part of it and tears the last record; a restart reads what survived.
 */
package dev.zksim.kernel.disk;

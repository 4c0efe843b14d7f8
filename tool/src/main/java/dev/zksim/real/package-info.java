/**
 * zksim's client API on a real Apache ZooKeeper: {@link dev.zksim.real.RealZooKeeperClient}
 * implements {@link dev.zksim.api.ZooKeeperClient} over the official 3.9 Java client, so
 * recipes run unchanged on a real ensemble; {@link dev.zksim.real.Blocking} is the
 * blocking facade for threads that drive a real cluster (tests, the command line); and
 * {@link dev.zksim.real.RealEnsemble} starts real servers in-process (curator-test) and
 * stops, restarts and expires sessions on them. Nothing here runs inside a simulation,
 * yet the build's ban on clocks and threads still holds: the only exempt code is
 * Blocking's two waiting methods.
 */
package dev.zksim.real;

/**
 * The simulated ZooKeeper client library: the equivalent of ZooKeeper's ClientCnxn and
 * ZooKeeper handle. {@link dev.zksim.client.SimZooKeeper} implements the public
 * {@link dev.zksim.api.ZooKeeperClient} API over the wire protocol of
 * {@code dev.zksim.protocol}; underneath it, a host provider picks servers, a connection
 * state machine runs the handshake, heartbeats and timeouts of reference section 4.2, and a
 * request queue matches replies to calls. Everything runs on the simulation thread inside
 * the client's process, and every random choice comes from that process's choice streams.
 * The watch tables live in the {@code watch} sub-package.
 */
package dev.zksim.client;

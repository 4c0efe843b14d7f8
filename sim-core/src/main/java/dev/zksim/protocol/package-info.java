/**
 * The client-server wire protocol of the simulated ensemble, as records: the packets a
 * client sends (connect, requests, pings), the packets a server sends (connect response,
 * replies, notifications, pongs) and the operation and response bodies, one per ZooKeeper
 * opcode family. Records with byte arrays print and compare by content, because traces
 * print every message and the digest must not see identity hashes.
 */
package dev.zksim.protocol;

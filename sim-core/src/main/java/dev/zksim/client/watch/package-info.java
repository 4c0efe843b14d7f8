/**
 * The client side of ZooKeeper watches as pure data (ZooKeeper's ZKWatchManager): which
 * Watcher objects wait on which path in the data, exist and child tables, which of them a
 * notification or a session event reaches (reference 3.3 and 3.5), and which paths to
 * hand to setWatches after a reconnect (3.6). The client library registers a watch when
 * the reply of the read arrives and calls the Watchers this package selects, in the order
 * it returns them. Nothing here knows about connections or the network.
 */
package dev.zksim.client.watch;

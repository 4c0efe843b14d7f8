/**
 * The server side of ZooKeeper watches as pure data: which connection watches which path,
 * in a data table and a child table, and which notifications a committed change to the
 * tree produces (reference section 3.2), including the setWatches catch-up a reconnecting
 * client triggers (3.6). Nothing here sends anything: every operation returns the ordered
 * list of deliveries and the server pipeline writes them onto the connections, before the
 * reply of the triggering transaction. The tree is reached only through
 * {@link dev.zksim.server.watch.NodeVersions}, so this package does not depend on the
 * data tree.
 */
package dev.zksim.server.watch;

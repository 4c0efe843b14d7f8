package dev.zksim.api;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * The asynchronous ZooKeeper client API that recipes are written against, with
 * ZooKeeper's names and semantics (DESIGN section 3). Every call returns at once; in the
 * simulation its stage completes, and watchers run, on the simulation thread in the order
 * the client library receives the replies and notifications.
 *
 * <p>Failures complete the stage exceptionally with a {@link KeeperException} carrying
 * ZooKeeper's code and the client-side path. An invalid path is rejected synchronously
 * with IllegalArgumentException, as ZooKeeper's client does, and nothing is sent. A null
 * {@link Watcher} means no watch; {@code watch == true} means the session's default
 * watcher. Data arrays are handed over and returned by reference: the implementation
 * copies them at its boundary, so callers may reuse their arrays.
 */
public interface ZooKeeperClient {

    /** A create2 reply: the actual path (with any sequential suffix) and the new node's Stat. */
    record Created(String path, Stat stat) {
    }

    /** A getData reply: the data (null if the node was written with null) and the Stat. */
    record DataAndStat(byte[] data, Stat stat) {
        @Override
        public boolean equals(Object other) {
            return other instanceof DataAndStat that
                    && ZnodeData.equals(data, that.data)
                    && Objects.equals(stat, that.stat);
        }

        @Override
        public int hashCode() {
            return 31 * ZnodeData.hashCode(data) + Objects.hashCode(stat);
        }

        @Override
        public String toString() {
            return "DataAndStat[data=" + ZnodeData.toString(data) + ", stat=" + stat + "]";
        }
    }

    /** A getChildren2 reply: the child names (relative) and the parent's Stat. */
    record ChildrenAndStat(List<String> children, Stat stat) {
    }

    /**
     * create: makes a node and completes with its actual path (sequential modes append a
     * ten-digit counter). Fails with NodeExists, NoNode (no parent),
     * NoChildrenForEphemerals, among others.
     */
    CompletionStage<String> create(String path, byte[] data, CreateMode mode);

    /** create2: like {@link #create} but the reply also carries the new node's Stat. */
    CompletionStage<Created> createWithStat(String path, byte[] data, CreateMode mode);

    /** delete: removes a node if version matches (-1 = any). Fails with NoNode, BadVersion, NotEmpty. */
    CompletionStage<Void> delete(String path, int version);

    /**
     * exists: the node's Stat, or null if there is none (no NoNode failure). The watch is
     * set in both cases: it fires NodeCreated for a missing node, NodeDataChanged or
     * NodeDeleted for an existing one.
     */
    CompletionStage<Stat> exists(String path, Watcher watcher);

    /** exists with the default watcher when {@code watch} is true. */
    CompletionStage<Stat> exists(String path, boolean watch);

    /** getData: data and Stat; fails with NoNode, in which case no watch is set. */
    CompletionStage<DataAndStat> getData(String path, Watcher watcher);

    /** getData with the default watcher when {@code watch} is true. */
    CompletionStage<DataAndStat> getData(String path, boolean watch);

    /** setData: replaces the data if version matches (-1 = any) and completes with the new Stat. */
    CompletionStage<Stat> setData(String path, byte[] data, int version);

    /**
     * getChildren: the child names, relative to the path. ZooKeeper's order is
     * unspecified, so callers sort. The watch fires NodeChildrenChanged or NodeDeleted.
     */
    CompletionStage<List<String>> getChildren(String path, Watcher watcher);

    /** getChildren with the default watcher when {@code watch} is true. */
    CompletionStage<List<String>> getChildren(String path, boolean watch);

    /** getChildren2: the child names plus the Stat of the node itself. */
    CompletionStage<ChildrenAndStat> getChildren2(String path, Watcher watcher);

    /** getChildren2 with the default watcher when {@code watch} is true. */
    CompletionStage<ChildrenAndStat> getChildren2(String path, boolean watch);

    /**
     * sync: completes once the connected server has applied every write the leader had
     * proposed when the sync reached it. Completes with the path, which is not checked.
     */
    CompletionStage<String> sync(String path);

    /**
     * multi: applies all ops atomically with one zxid, or none. Success completes with one
     * typed result per op. Failure completes with a KeeperException whose code is the
     * first failing op's and whose {@link KeeperException#getResults()} is the full list
     * ({@code [ErrorResult(0)..., ErrorResult(err), ErrorResult(-2)...]}). An empty list
     * completes with an empty list without contacting the server. Ops are validated
     * first, so a bad path throws IllegalArgumentException synchronously.
     */
    CompletionStage<List<OpResult>> multi(List<Op> ops);

    /**
     * addWatch (ZooKeeper 3.6+): a watch that stays after it fires, on the path (persistent:
     * created, deleted, data and children changed) or, when {@code recursive}, on the path
     * and every node below it (created, deleted, data changed). The node need not exist.
     * Implementations without it fail with Unimplemented, as an older server does.
     */
    default CompletionStage<Void> addWatch(String path, Watcher watcher, boolean recursive) {
        return java.util.concurrent.CompletableFuture.failedFuture(
                KeeperException.create(KeeperException.Code.UNIMPLEMENTED, path));
    }

    /**
     * getEphemerals (ZooKeeper 3.6+): the paths of this session's ephemeral nodes that start
     * with {@code prefixPath} as a plain string ("/" selects all). ZooKeeper leaves the order
     * unspecified. Implementations without it fail with Unimplemented, as an older server does.
     */
    default CompletionStage<List<String>> getEphemerals(String prefixPath) {
        return java.util.concurrent.CompletableFuture.failedFuture(
                KeeperException.create(KeeperException.Code.UNIMPLEMENTED, prefixPath));
    }

    /**
     * getAllChildrenNumber (ZooKeeper 3.6+): the number of descendants of a node; NoNode if
     * there is none. Implementations without it fail with Unimplemented.
     */
    default CompletionStage<Integer> getAllChildrenNumber(String path) {
        return java.util.concurrent.CompletableFuture.failedFuture(
                KeeperException.create(KeeperException.Code.UNIMPLEMENTED, path));
    }

    /**
     * create with a TTL mode (opcode createTTL, ZooKeeper 3.5.3+): a persistent node that the
     * server's container manager deletes once it has had no children and no change for
     * {@code ttlMs}. The reply carries the Stat, as create2's does. A server without extended
     * types fails with Unimplemented; a ttl out of range or a mode without one is an
     * IllegalArgumentException here. Implementations without it fail with Unimplemented.
     */
    default CompletionStage<Created> createWithTtl(String path, byte[] data, CreateMode mode, long ttlMs) {
        return java.util.concurrent.CompletableFuture.failedFuture(
                KeeperException.create(KeeperException.Code.UNIMPLEMENTED, path));
    }

    /**
     * removeWatches (ZooKeeper 3.5+): removes one Watcher of the given type from a path. The
     * request goes to the server, which checks that this connection watches the path
     * (NoWatcher if not) but keeps its own watch; on success the client forgets the Watcher
     * and tells it with DataWatchRemoved, ChildWatchRemoved or PersistentWatchRemoved before
     * the call completes. With {@code local}, a failed request (the server unreachable or
     * without the watch) still removes the client's watch. A path the client holds no such
     * Watcher on fails with NoWatcher. Implementations without it fail with Unimplemented.
     */
    default CompletionStage<Void> removeWatches(String path, Watcher watcher, WatcherType type, boolean local) {
        return java.util.concurrent.CompletableFuture.failedFuture(
                KeeperException.create(KeeperException.Code.UNIMPLEMENTED, path));
    }

    /**
     * removeAllWatches (ZooKeeper 3.5+): like {@link #removeWatches} for every Watcher of the
     * type on the path, and the server removes its watches too.
     */
    default CompletionStage<Void> removeAllWatches(String path, WatcherType type, boolean local) {
        return java.util.concurrent.CompletableFuture.failedFuture(
                KeeperException.create(KeeperException.Code.UNIMPLEMENTED, path));
    }

    /** close: ends the session (its ephemerals are deleted) and fires Closed to the default watcher. */
    CompletionStage<Void> close();

    /** The session id the server assigned, or 0 before the session is established. */
    long sessionId();

    /** The session timeout in milliseconds as negotiated with the server. */
    int sessionTimeout();
}

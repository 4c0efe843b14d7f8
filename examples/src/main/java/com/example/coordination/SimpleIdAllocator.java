package com.example.coordination;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A user's own cluster-wide id allocator: a counter in one node, advanced by compare-and-set.
 * {@link #next} reads the counter and its version, then writes counter + 1 only if the node
 * still has that version; a BADVERSION answer means another client was faster, so it reads
 * and tries again. Each id is handed out once.
 *
 * <p>A write whose reply is lost may or may not have taken the id, so {@link #next} then
 * fails with the connection loss and the caller asks again: an id may be skipped, never
 * handed out twice.
 *
 * <p>{@code compareAndSet = false} builds the classic mistake: the write passes version -1
 * ("any version"), so two clients that read the same counter both hand out the next id.
 */
public final class SimpleIdAllocator {
    private static final int ANY_VERSION = -1;

    private final ZooKeeperClient zk;
    private final String path;
    private final boolean compareAndSet;

    public SimpleIdAllocator(ZooKeeperClient zk, String path, boolean compareAndSet) {
        this.zk = zk;
        this.path = path;
        this.compareAndSet = compareAndSet;
    }

    /** Completes with a new id, or fails (connection loss: the outcome is unknown; ask again). */
    public CompletionStage<Long> next() {
        return zk.getData(path, false).handle((read, error) -> {
            if (error == null) {
                long id = Long.parseLong(new String(read.data(), StandardCharsets.UTF_8)) + 1;
                return advance(id, compareAndSet ? read.stat().version() : ANY_VERSION);
            }
            return switch (ZkNodes.code(error)) {
                case CONNECTIONLOSS -> next();
                case NONODE -> zk.create(path, "0".getBytes(StandardCharsets.UTF_8), CreateMode.PERSISTENT)
                        .handle((created, failure) -> next()).thenCompose(stage -> stage);
                default -> CompletableFuture.<Long>failedFuture(error);
            };
        }).thenCompose(stage -> stage);
    }

    private CompletionStage<Long> advance(long id, int expectedVersion) {
        byte[] data = Long.toString(id).getBytes(StandardCharsets.UTF_8);
        return zk.setData(path, data, expectedVersion).handle((stat, error) -> {
            if (error == null) {
                return CompletableFuture.completedFuture(id);
            }
            return ZkNodes.code(error) == KeeperException.Code.BADVERSION ? next()
                    : CompletableFuture.<Long>failedFuture(error);
        }).thenCompose(stage -> stage);
    }
}

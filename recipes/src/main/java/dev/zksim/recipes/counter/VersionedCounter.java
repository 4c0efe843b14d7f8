package dev.zksim.recipes.counter;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.Stages;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A counter held as an 8-byte big-endian number in one znode (the layout of Curator's
 * {@code DistributedAtomicLong}), absent meaning 0. To add one: read the value and its
 * version, write the value plus one on that version, and start again when another caller
 * wrote first (BadVersion, or NodeExists for the first write).
 *
 * <p>What it does not do is repeat a write after a connection loss. The write may have
 * counted although its reply was lost; writing again would then count the increment twice,
 * and a versioned write that now fails with BadVersion cannot tell a competitor's write from
 * one's own. Such an increment fails with ConnectionLoss, and its caller knows the outcome is
 * unknown. A read syncs first, so it counts every increment that completed before it.
 */
public final class VersionedCounter {
    private final ZooKeeperClient zk;
    private final String path;

    public VersionedCounter(ZooKeeperClient zk, String path) {
        this.zk = zk;
        this.path = path;
    }

    /** Adds one; completes with the value right after this increment. */
    public CompletionStage<Long> increment() {
        CompletableFuture<Long> result = new CompletableFuture<>();
        attempt(result);
        return result;
    }

    /** The counter's value, counting every increment completed before the call. */
    public CompletionStage<Long> read() {
        CompletableFuture<Long> result = new CompletableFuture<>();
        zk.sync(path).thenCompose(synced -> zk.getData(path, false)).whenComplete((read, error) -> {
            if (error == null) {
                result.complete(decode(read.data()));
            } else if (Stages.is(error, Code.NONODE)) {
                result.complete(0L);
            } else {
                result.completeExceptionally(Stages.unwrap(error));
            }
        });
        return result;
    }

    private void attempt(CompletableFuture<Long> result) {
        zk.getData(path, false).whenComplete((read, error) -> {
            if (error == null) {
                long next = decode(read.data()) + 1;
                write(result, next, zk.setData(path, encode(next), read.stat().version()).thenApply(stat -> next));
            } else if (Stages.is(error, Code.NONODE)) {
                write(result, 1L, zk.create(path, encode(1), CreateMode.PERSISTENT).thenApply(created -> 1L));
            } else {
                result.completeExceptionally(Stages.unwrap(error));
            }
        });
    }

    /** Completes with the written value, starts again when another caller wrote first, fails otherwise. */
    private void write(CompletableFuture<Long> result, long next, CompletionStage<Long> written) {
        written.whenComplete((value, error) -> {
            if (error == null) {
                result.complete(value);
            } else if (Stages.is(error, Code.BADVERSION) || Stages.is(error, Code.NODEEXISTS)) {
                attempt(result);
            } else {
                result.completeExceptionally(Stages.unwrap(error));
            }
        });
    }

    /** A value as the counter's node holds it. */
    public static byte[] encode(long value) {
        return ByteBuffer.allocate(Long.BYTES).putLong(value).array();
    }

    /** The value a counter's node holds; 0 for no data or data of another length. */
    public static long decode(byte[] data) {
        return data == null || data.length != Long.BYTES ? 0 : ByteBuffer.wrap(data).getLong();
    }
}

package dev.zksim.recipes.config;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.Retrying;
import dev.zksim.recipes.support.Stages;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The writer (the leader) of a configuration under node {@code c} (paper, section 2.4, the
 * ready znode). A publication:
 * <ol>
 * <li>deletes {@code c/ready};</li>
 * <li>writes every entry {@code c/<key>} (setData, or create if new), all sent at once
 * without waiting between them: the session's FIFO order puts them after the delete;</li>
 * <li>once every write is acknowledged, re-creates {@code c/ready}.</li>
 * </ol>
 * If the connection is lost during steps 1 and 2, the whole publication starts again from
 * step 1: a write repeated on a new connection might otherwise land while an old ready node
 * still stands. Keys that are not published keep their value. There must be one writer at a
 * time (make it the elected leader); a writer that dies mid-way leaves ready absent, so
 * readers keep their last complete configuration until a new writer publishes.
 */
public final class ConfigWriter {
    /**
     * The largest entry a reader can read back: ZooKeeper's client drops its connection on a
     * reply frame over 0xfffff bytes, and a getData reply frames to the data plus 88 bytes.
     * The server accepts larger values, which no reader could ever load.
     */
    public static final int MAX_READABLE_ENTRY = 0xfffff - 88;

    private final ZooKeeperClient zk;
    private final String path;
    private final int maxEntry;

    public ConfigWriter(ZooKeeperClient zk, String path) {
        this(zk, path, MAX_READABLE_ENTRY);
    }

    /** @param maxEntry the largest entry accepted; {@link #MAX_READABLE_ENTRY} unless for a canary */
    public ConfigWriter(ZooKeeperClient zk, String path, int maxEntry) {
        this.zk = zk;
        this.path = path;
        this.maxEntry = maxEntry;
    }

    /**
     * Publishes the entries; completes once ready exists again. An entry too large to be
     * read back is refused at once (IllegalArgumentException), before anything is written.
     */
    public CompletionStage<Void> publish(Map<String, byte[]> entries) {
        if (entries.containsKey(ConfigDecision.READY)) {
            throw new IllegalArgumentException("the key 'ready' is reserved");
        }
        entries.forEach((key, value) -> {
            if (value != null && value.length > maxEntry) {
                throw new IllegalArgumentException("entry '" + key + "' has " + value.length
                        + " bytes; readers cannot read more than " + maxEntry);
            }
        });
        CompletableFuture<Void> done = new CompletableFuture<>();
        ensureParent().whenComplete((ok, error) -> {
            if (error != null) {
                done.completeExceptionally(Stages.unwrap(error));
            } else {
                attempt(new TreeMap<>(entries), done);
            }
        });
        return done;
    }

    private CompletionStage<Void> ensureParent() {
        return Retrying.call(() -> zk.create(path, null, CreateMode.PERSISTENT), Code.NODEEXISTS).thenApply(created -> null);
    }

    private void attempt(SortedMap<String, byte[]> entries, CompletableFuture<Void> done) {
        List<CompletableFuture<Void>> writes = new ArrayList<>();
        writes.add(zk.delete(readyPath(), -1).handle((ok, error) -> settle(error, Code.NONODE)).toCompletableFuture());
        entries.forEach((key, value) -> writes.add(writeEntry(path + "/" + key, value)));
        CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).whenComplete((ok, error) -> {
            if (error == null) {
                createReady(done);
            } else if (Stages.isRecoverable(error)) {
                attempt(entries, done);
            } else {
                done.completeExceptionally(Stages.unwrap(error));
            }
        });
    }

    /** setData, or create for a new key; the follow-up is safe because a reply proved the delete applied. */
    private CompletableFuture<Void> writeEntry(String key, byte[] value) {
        return zk.setData(key, value, -1).handle((stat, error) -> error).thenCompose(error -> {
            if (error == null) {
                return CompletableFuture.<Void>completedFuture(null);
            }
            if (!Stages.is(error, Code.NONODE)) {
                return Stages.<Void>failed(Stages.unwrap(error));
            }
            return zk.create(key, value, CreateMode.PERSISTENT).handle((created, failure) -> failure)
                    .thenCompose(failure -> failure != null && Stages.is(failure, Code.NODEEXISTS)
                            ? writeEntry(key, value)
                            : failure == null ? CompletableFuture.<Void>completedFuture(null) : Stages.<Void>failed(failure));
        }).toCompletableFuture();
    }

    private void createReady(CompletableFuture<Void> done) {
        zk.create(readyPath(), null, CreateMode.PERSISTENT).whenComplete((created, error) -> {
            if (error == null || Stages.is(error, Code.NODEEXISTS)) {
                done.complete(null);
            } else if (Stages.isRecoverable(error)) {
                createReady(done);
            } else {
                done.completeExceptionally(Stages.unwrap(error));
            }
        });
    }

    private static Void settle(Throwable error, Code settled) {
        if (error == null || Stages.is(error, settled)) {
            return null;
        }
        throw new java.util.concurrent.CompletionException(Stages.unwrap(error));
    }

    private String readyPath() {
        return path + "/" + ConfigDecision.READY;
    }
}

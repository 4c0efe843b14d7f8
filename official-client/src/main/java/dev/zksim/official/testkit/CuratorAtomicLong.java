package dev.zksim.official.testkit;

import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.curator.RetryPolicy;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.atomic.AtomicValue;
import org.apache.curator.framework.recipes.atomic.DistributedAtomicLong;
import org.apache.zookeeper.KeeperException;

/**
 * One caller's Curator {@code DistributedAtomicLong} as a {@link BlockingCounter}, used as its
 * documentation says: {@code increment()}, and the result counts only if it
 * {@code succeeded()}. An increment that did not succeed throws, and the testkit takes its
 * outcome as unknown. A read syncs the path first (Curator's {@code sync()} runs in the
 * background, so the read waits for its callback and fails when the sync did) and then calls {@code get()}.
 */
final class CuratorAtomicLong implements BlockingCounter {
    /** How long a read waits for its sync; older Curators may never call a failed background operation back. */
    private static final long SYNC_TIMEOUT_SECONDS = 30;

    private final CuratorFramework curator;
    private final String path;
    private final DistributedAtomicLong counter;

    CuratorAtomicLong(CuratorFramework curator, String path, RetryPolicy contention) {
        this.curator = curator;
        this.path = path;
        this.counter = new DistributedAtomicLong(curator, path, contention);
    }

    @Override
    public OptionalLong increment() throws Exception {
        AtomicValue<Long> result = counter.increment();
        if (!result.succeeded()) {
            throw new IllegalStateException("DistributedAtomicLong.increment did not succeed");
        }
        return OptionalLong.of(result.postValue());
    }

    @Override
    public long read() throws Exception {
        CompletableFuture<Integer> synced = new CompletableFuture<>();
        curator.sync().inBackground((client, event) -> synced.complete(event.getResultCode())).forPath(path);
        int code = synced.get(SYNC_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (code != KeeperException.Code.OK.intValue()) {
            // A read after a failed sync could lag behind increments that completed before it.
            throw KeeperException.create(KeeperException.Code.get(code), path);
        }
        return counter.get().postValue();
    }
}

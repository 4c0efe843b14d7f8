package com.example.curator;

import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * A count of finished jobs, kept in one znode as an 8-byte number, as a team writes it after
 * reading that Curator's {@code DistributedAtomicLong} repeats a write whose reply was lost:
 * it reads the count and its version and writes the count plus one on that version with
 * Curator's {@code idempotent()}, whose documentation says that a write Curator retries after
 * a transient error counts as done when the node ends up as the first try would have left it.
 * A write that lost to another node's starts again.
 *
 * <p>It loses counts. Curator makes that test on every BadVersion, the first try's too, and
 * the test cannot tell the node's own write from another node's write of the same bytes: two
 * nodes that read the same count both write the next one, the second write fails on the
 * version, the node holds the bytes it meant to write one version later, and both nodes
 * report the same count (docs/curator-findings.md).
 */
public final class JobCounter {
    /** How long a read waits for its sync before it gives up. */
    private static final long SYNC_TIMEOUT_SECONDS = 30;

    private final CuratorFramework curator;
    private final String path;

    public JobCounter(CuratorFramework curator, String path) {
        this.curator = curator;
        this.path = path;
    }

    /** Counts one more finished job; returns the count after it. */
    public long increment() throws Exception {
        while (true) {
            Stat stat = new Stat();
            byte[] data;
            try {
                data = curator.getData().storingStatIn(stat).forPath(path);
            } catch (KeeperException.NoNodeException e) {
                createAtZero();
                continue;
            }
            long next = decode(data) + 1;
            try {
                curator.setData().idempotent().withVersion(stat.getVersion()).forPath(path, encode(next));
                return next;
            } catch (KeeperException.BadVersionException e) {
                // Another node counted first: read again.
            }
        }
    }

    /** The count, after a sync, so that it includes every increment that returned before the call. */
    public long read() throws Exception {
        CountDownLatch synced = new CountDownLatch(1);
        AtomicInteger code = new AtomicInteger();
        curator.sync().inBackground((client, event) -> {
            code.set(event.getResultCode());
            synced.countDown();
        }).forPath(path);
        if (!synced.await(SYNC_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new KeeperException.OperationTimeoutException();
        }
        if (code.get() != KeeperException.Code.OK.intValue()) {
            throw KeeperException.create(KeeperException.Code.get(code.get()), path);
        }
        try {
            return decode(curator.getData().forPath(path));
        } catch (KeeperException.NoNodeException e) {
            return 0;
        }
    }

    /** Creates the count at 0; a create repeated after a lost reply, or another node's, leaves it so. */
    private void createAtZero() throws Exception {
        try {
            curator.create().creatingParentsIfNeeded().forPath(path, encode(0));
        } catch (KeeperException.NodeExistsException e) {
            // Someone created it first, or our own earlier attempt did: either way it is there.
        }
    }

    private static byte[] encode(long value) {
        return ByteBuffer.allocate(Long.BYTES).putLong(value).array();
    }

    private static long decode(byte[] data) {
        return data == null || data.length != Long.BYTES ? 0 : ByteBuffer.wrap(data).getLong();
    }
}

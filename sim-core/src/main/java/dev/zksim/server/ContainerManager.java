package dev.zksim.server;

import dev.zksim.api.Stat;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.Timer;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.server.prep.Request;
import dev.zksim.server.tree.DataTree;
import dev.zksim.server.tree.NodeInfo;
import dev.zksim.server.tree.Txn;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * ZooKeeper's ContainerManager on the server that prepares writes (standalone, or the
 * leader for one term): every {@code checkIntervalMs} from the start of serving it lists
 * the containers of the applied tree that are empty and once had a child (internal cversion
 * above 0), or never had one and are older than {@code maxNeverUsedIntervalMs} when that is
 * set, and the TTL nodes without children whose mtime is more than their ttl ago, and
 * submits a deleteContainer for each, {@code 60000 / maxPerMinute} ms apart. The
 * deletions are ordinary transactions: they take a zxid, every replica applies them and
 * watches fire; one that finds the node gained a child meanwhile fails with NotEmpty.
 *
 * <p>The real manager's timer runs from the start. Here the timer exists only while the
 * tree holds a container or a TTL node, keeping the same phase (a multiple of the interval after serving
 * began), so a run without containers has no extra event, draw or trace record. The
 * candidates come from a hash set in ZooKeeper, so their order is drawn.
 */
final class ContainerManager {
    private final SimProcess process;
    private final Supplier<DataTree> tree;
    private final LocalWritePath writes;
    private final ContainerConfig config;
    private final UnspecifiedOrders orders;
    private final long startedAt;
    private Timer timer;
    private boolean stopped;

    ContainerManager(SimProcess process, Supplier<DataTree> tree, LocalWritePath writes, ContainerConfig config,
            UnspecifiedOrders orders) {
        this.process = process;
        this.tree = tree;
        this.writes = writes;
        this.config = config;
        this.orders = orders;
        this.startedAt = process.now();
    }

    /** The tree changed: wake up if it now holds a container and the manager sleeps. */
    void treeChanged() {
        if (!stopped && timer == null && tree.get().hasContainersOrTtlNodes()) {
            long interval = Time.millis(config.checkIntervalMs());
            long periods = (process.now() - startedAt) / interval + 1;
            timer = process.timer(startedAt + periods * interval - process.now(), this::check);
        }
    }

    /** Serving ended: no more checks, and deletions still waiting for their slot are dropped. */
    void stop() {
        stopped = true;
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }

    private void check() {
        timer = null;
        if (stopped) {
            return;
        }
        List<String> candidates = orders.containers(candidates());
        long spacing = Time.millis(config.spacingMs());
        for (int i = 0; i < candidates.size(); i++) {
            String path = candidates.get(i);
            if (i == 0) {
                delete(path);
            } else {
                process.schedule(i * spacing, () -> delete(path));
            }
        }
        treeChanged();
    }

    private void delete(String path) {
        if (!stopped) {
            writes.submitOwn(new Request.DeleteContainerRequest(path));
        }
    }

    /** ContainerManager.getCandidates over the applied tree, in path order before the draw. */
    private List<String> candidates() {
        DataTree current = tree.get();
        long nowMs = process.now() / 1000;
        List<String> candidates = new ArrayList<>();
        for (String path : current.containers()) {
            NodeInfo node = current.nodeInfo(path);
            if (node == null || node.numChildren() > 0) {
                continue;
            }
            if (node.cversion() > 0 || neverUsedTooLong(current.stat(path), nowMs)) {
                candidates.add(path);
            }
        }
        for (String path : current.ttlNodes()) {
            NodeInfo node = current.nodeInfo(path);
            if (node != null && node.numChildren() == 0 && expired(node.ephemeralOwner(), current.stat(path), nowMs)) {
                candidates.add(path);
            }
        }
        return candidates;
    }

    /** A TTL node whose last change is more than its ttl ago (ContainerManager.getElapsed). */
    private static boolean expired(long owner, Stat stat, long nowMs) {
        long ttl = Txn.ttlOf(owner);
        return ttl != 0 && nowMs - stat.mtime() > ttl;
    }

    private boolean neverUsedTooLong(Stat stat, long nowMs) {
        return config.maxNeverUsedIntervalMs() != 0 && nowMs - stat.mtime() > config.maxNeverUsedIntervalMs();
    }
}

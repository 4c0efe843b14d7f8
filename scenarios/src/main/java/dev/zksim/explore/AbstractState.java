package dev.zksim.explore;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleClient;
import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.kernel.choice.SplitMix64;
import dev.zksim.server.ServerIntrospection;
import dev.zksim.server.ZkServer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The canonical digest of a run's abstract state, which the depth-first explorer uses to
 * expand each state once. It covers what decides the rest of a run:
 * <ul>
 *   <li>per server: process state, role, epoch, last processed and delivered zxids, the data
 *       tree's order-independent digest, sessions with timeouts, connections with their
 *       sessions, watch and pending-request counts;</li>
 *   <li>per client: process state, connection state, session id, last zxid seen, current
 *       server, and its recipe's progress as its history shows it (ops so far, the last one);</li>
 *   <li>every pending event by its time relative to now, with the link and message kind of
 *       each message in flight (the kernel's {@code pendingDigest});</li>
 *   <li>the faults decided but not yet struck, each by what it will do and when (the
 *       kernel knows a scheduled strike by its time only);</li>
 *   <li>partitions, the faults spent, and the time left to the run's end (so that two states
 *       are identified only when the same future is still ahead of both).</li>
 * </ul>
 * Equal states give equal digests whatever order of events produced them; the digest uses
 * only values (ids, numbers, names), never object identity.
 */
final class AbstractState {
    private final Ensemble ensemble;
    private final History history;
    private final Map<String, Long> progress = new LinkedHashMap<>();
    private final Map<String, String> lastOps = new LinkedHashMap<>();
    private final Map<String, long[]> trees = new LinkedHashMap<>();
    private int opsSeen;

    AbstractState(Ensemble ensemble, History history) {
        this.ensemble = ensemble;
        this.history = history;
    }

    /**
     * The digest of the state now, with the faults spent, the digest of the faults that are
     * decided but have not struck yet, and the end time of the run.
     */
    long digest(int faultsSpent, long pendingFaults, long endTime) {
        long now = ensemble.simulation().now();
        long hash = mix(ensemble.simulation().pendingDigest(), endTime - now);
        hash = mix(hash, faultsSpent);
        hash = mix(hash, pendingFaults);
        for (String id : ensemble.serverIds()) {
            hash = mix(hash, serverDigest(id));
        }
        for (EnsembleClient client : ensemble.clients()) {
            hash = mix(hash, clientDigest(client));
        }
        return mix(hash, partitions());
    }

    /** Which directed pairs of processes are cut off from each other, servers and clients alike. */
    private long partitions() {
        long hash = 0;
        for (String link : ensemble.network().blockedLinks()) {
            hash = mix(hash, link.hashCode());
        }
        return hash;
    }

    private long serverDigest(String id) {
        long hash = mix(id.hashCode(), ensemble.serverProcess(id).state().ordinal());
        Optional<ZkServer> server = ensemble.server(id);
        if (server.isEmpty() || !ensemble.serverProcess(id).isUp()) {
            return hash;
        }
        ServerIntrospection look = server.get().introspection();
        hash = mix(hash, look.role().ordinal());
        hash = mix(hash, look.currentEpoch());
        hash = mix(hash, look.lastProcessedZxid());
        hash = mix(hash, look.lastDeliveredZxid());
        hash = mix(hash, treeDigest(id, look));
        for (Map.Entry<Long, Integer> session : look.sessions().entrySet()) {
            hash = mix(mix(hash, session.getKey()), session.getValue());
        }
        for (ServerIntrospection.ConnectionInfo connection : look.connections()) {
            hash = mix(mix(mix(hash, connection.remote().hashCode()), connection.sessionId()), connection.state().hashCode());
        }
        hash = mix(hash, look.watchCount());
        return mix(hash, look.pendingRequests());
    }

    /**
     * The tree digest, recomputed only when the tree can have changed: every change to a
     * tree is a transaction that advances its last processed zxid, and a restart (a new
     * incarnation) reloads it. Hashing the whole tree at every state was the largest cost
     * of exhaustive search.
     */
    private long treeDigest(String id, ServerIntrospection look) {
        long incarnation = ensemble.serverProcess(id).incarnation();
        long zxid = look.lastProcessedZxid();
        long[] cached = trees.get(id);
        if (cached == null || cached[0] != incarnation || cached[1] != zxid) {
            cached = new long[] {incarnation, zxid, look.treeDigest()};
            trees.put(id, cached);
        }
        return cached[2];
    }

    private long clientDigest(EnsembleClient client) {
        long hash = mix(client.id().hashCode(), client.process().state().ordinal());
        if (client.zk() != null) {
            hash = mix(hash, client.zk().state().ordinal());
            hash = mix(hash, client.zk().sessionId());
            hash = mix(hash, client.zk().lastZxid());
            String server = client.zk().currentServer();
            hash = mix(hash, server == null ? 0 : server.hashCode());
        }
        return mix(hash, progress(client.id()));
    }

    /** A client's progress from its history: how many ops, and the last one's type and kind. */
    private long progress(String process) {
        List<Op> ops = history.ops();
        for (; opsSeen < ops.size(); opsSeen++) {
            Op op = ops.get(opsSeen);
            long previous = progress.getOrDefault(op.process(), 0L);
            progress.put(op.process(), mix(previous, mix(op.type().ordinal(), op.f().name().hashCode())));
            lastOps.put(op.process(), op.f().name() + ":" + op.type().word());
        }
        return progress.getOrDefault(process, 0L);
    }

    /** The kind and type of a process's latest op, "none" before its first. */
    String lastOp(String process) {
        progress(process);
        return lastOps.getOrDefault(process, "none");
    }

    private static long mix(long hash, long value) {
        return SplitMix64.mix(hash * 0x9E3779B97F4A7C15L + value);
    }
}

package dev.zksim.server.tree;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * A tree's replica digest, the sum of every node's {@link NodeDigest}, kept lazily. Nothing
 * is hashed until the digest is first read; from then on, the first change of a path since
 * the last read takes that path's node out of the sum, and the next read puts back whatever
 * node the path holds by then. The self-checks read the digest about once a simulated
 * second, while a lock's nodes are created and deleted within milliseconds: such a node is
 * never hashed at all, and a parent whose counters move with every create and delete is
 * hashed twice per read instead of twice per change.
 */
final class ReplicaDigest {
    /**
     * How many changed paths wait for a read before they are settled anyway: a replica the
     * self-checks skip (it never shares its zxid with another) may go unread for the rest of
     * a run, and its set would otherwise hold every path it ever changed.
     */
    private static final int SETTLE_AT = 4096;

    /** The digested tree's nodes. */
    private final PathIndex nodes;
    /** The sum as of the last read, less the nodes of the paths changed since. */
    private long sum;
    private boolean kept;
    /** The paths changed since the last read. */
    private final Set<String> changed = new LinkedHashSet<>();

    /** The digest of these nodes, not read yet. */
    ReplicaDigest(PathIndex nodes) {
        this(nodes, 0, false);
    }

    /** The digest of these nodes, whose sum is {@code sum} if {@code kept}, else not read yet. */
    ReplicaDigest(PathIndex nodes, long sum, boolean kept) {
        this.nodes = nodes;
        this.sum = sum;
        this.kept = kept;
    }

    /**
     * Settles now if {@code paths} more changes could reach the bound: a replica that takes
     * another's application replays its changes against nodes that no longer match them
     * one by one, so no settle may fall between them.
     */
    void makeRoomFor(int paths) {
        if (kept && changed.size() + paths >= SETTLE_AT) {
            settle();
        }
    }

    /**
     * Called before the node at {@code path} changes, is removed, or (with {@code node} null)
     * is added: the node as it was at the last read leaves the sum, once per path per read.
     */
    void beforeChange(String path, Node node) {
        if (!kept) {
            return;
        }
        if (changed.size() == SETTLE_AT) {
            settle();
        }
        if (changed.add(path) && node != null) {
            sum -= NodeDigest.of(path, node);
        }
    }

    /** The digest of the tree's nodes now; the first call sums them all. */
    long read() {
        if (!kept) {
            long[] all = {0};
            nodes.forEach(node -> all[0] += NodeDigest.of(node.path, node));
            sum = all[0];
            kept = true;
        }
        return settledSum();
    }

    /** The sum as {@link #read} would give it, if the digest was ever read; for a copy or snapshot. */
    long settledSum() {
        if (!changed.isEmpty()) {
            settle();
        }
        return sum;
    }

    /** How many changed paths wait for the next read. */
    int pendingPaths() {
        return changed.size();
    }

    boolean kept() {
        return kept;
    }

    /** Puts back the node each changed path holds now. */
    private void settle() {
        for (String path : changed) {
            Node node = nodes.get(path);
            if (node != null) {
                sum += NodeDigest.of(path, node);
            }
        }
        changed.clear();
    }
}

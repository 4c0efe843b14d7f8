package dev.zksim.server.zab;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * A leader's proposals that wait for a quorum of acks, oldest first, each with the servers
 * that acked it. A leader proposes in zxid order and commits from the oldest, so the
 * proposals form a queue; an ack is mostly for the oldest one or two. A tree map of boxed
 * zxids to tree sets of boxed server ids made and searched two trees for every write.
 */
final class OutstandingProposals {
    /** One proposal and the distinct servers that acked it, in the order they acked. */
    private static final class Pending {
        final long zxid;
        long[] ackers = new long[3];
        int acks;

        Pending(long zxid) {
            this.zxid = zxid;
        }

        void ack(long sid) {
            for (int i = 0; i < acks; i++) {
                if (ackers[i] == sid) {
                    return;
                }
            }
            if (acks == ackers.length) {
                ackers = Arrays.copyOf(ackers, acks * 2);
            }
            ackers[acks++] = sid;
        }
    }

    private final ArrayDeque<Pending> pending = new ArrayDeque<>();

    /** A new proposal, the newest so far, with no acks yet. */
    void add(long zxid) {
        pending.addLast(new Pending(zxid));
    }

    /** Counts the server's ack of the proposal, once per server; false if the proposal is not outstanding. */
    boolean ack(long zxid, long sid) {
        for (Pending proposal : pending) {
            if (proposal.zxid == zxid) {
                proposal.ack(sid);
                return true;
            }
        }
        return false;
    }

    /** Counts the server's ack of every outstanding proposal up to and including {@code zxid}. */
    void ackUpTo(long zxid, long sid) {
        for (Pending proposal : pending) {
            if (proposal.zxid > zxid) {
                return;
            }
            proposal.ack(sid);
        }
    }

    /** How many distinct servers acked the oldest proposal; 0 if none is outstanding. */
    int oldestAcks() {
        Pending oldest = pending.peekFirst();
        return oldest == null ? 0 : oldest.acks;
    }

    /** Removes the oldest proposal and gives its zxid. */
    long removeOldest() {
        return pending.removeFirst().zxid;
    }

    boolean isEmpty() {
        return pending.isEmpty();
    }
}

package dev.zksim.server.zab;

/**
 * A vote of fast leader election: the candidate's id, its last logged zxid and its current
 * epoch. A vote beats another if its epoch is higher, then its zxid, then its id, so the
 * winner holds the most recent history among the voters (reference 5.2).
 */
public record Vote(long leader, long zxid, long peerEpoch) {

    /** True if this vote should replace {@code other}. */
    public boolean beats(Vote other) {
        if (peerEpoch != other.peerEpoch) {
            return peerEpoch > other.peerEpoch;
        }
        if (zxid != other.zxid) {
            return zxid > other.zxid;
        }
        return leader > other.leader;
    }

    /**
     * The order before ZOOKEEPER-1419 was fixed (FastLeaderElection.totalOrderPredicate in
     * 3.4.3): its third clause, "same zxid and a higher id", forgot to require the same epoch,
     * so a vote with a lower epoch and a higher id beats one with a higher epoch, which beats
     * it back. The order is not an order any more, and the votes of a round can cycle.
     */
    public boolean beatsWithout1419Fix(Vote other) {
        return peerEpoch > other.peerEpoch
                || (peerEpoch == other.peerEpoch && zxid > other.zxid)
                || (zxid == other.zxid && leader > other.leader);
    }

    @Override
    public String toString() {
        return "Vote(" + leader + ", " + Zxid.hex(zxid) + ", e" + peerEpoch + ")";
    }
}
